import { eq } from 'drizzle-orm';
import { refuse } from '../validation-errors.ts';
import type { Database } from '../db/client.ts';
import { avatars, users } from '../db/schema/accounts.ts';

/** The profile as the site shows and caches it (`GET /api/profile`'s `data`, the session store, My account). */
export interface Profile {
  fullName: string;
  email: string;
  phone: string;
  gender: 'male' | 'female' | '';
  dateOfBirth: string;
  nationality: string;
  /** The profile picture's address (its version in the query, so a new one is never a cached old one), or null. */
  avatarUrl: string | null;
}

/** Where the holder's own picture is served (`GET /api/profile/avatar`): one address for every account. */
export const AVATAR_PATH = '/api/profile/avatar';

export async function profileOf(db: Database, userId: string): Promise<Profile | undefined> {
  const [row] = await db
    .select({ user: users, pictureAt: avatars.updatedAt })
    .from(users)
    .leftJoin(avatars, eq(avatars.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const { user, pictureAt } = row;
  return {
    fullName: user.fullName,
    email: user.email,
    phone: user.phone ?? '',
    gender: user.gender ?? '',
    dateOfBirth: user.dateOfBirth ?? '',
    nationality: user.nationality ?? '',
    avatarUrl: pictureAt ? `${AVATAR_PATH}?v=${String(pictureAt.getTime())}` : null,
  };
}

/**
 * Whether the account has a password: one made through Google has none until its holder sets one by an e-mailed
 * link (change password and delete account ask for it).
 */
export async function passwordIsSet(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return Boolean(row?.hash);
}

/**
 * Whether the account's address is proven its own (our link, or Google as its authority): until then My account
 * offers the proof's link again, and guest bookings made with the address stay out of My booking.
 */
export async function addressIsProven(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ at: users.addressProvenAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.at);
}

/** The holder's picture as kept (a WebP) and its version, or undefined when there is none. */
export async function avatarOf(db: Database, userId: string) {
  const [row] = await db
    .select({ image: avatars.image, updatedAt: avatars.updatedAt })
    .from(avatars)
    .where(eq(avatars.userId, userId));
  return row;
}

/** An account call's answer: the holder's profile under `data` (the site caches that field); gone, the session ended. */
export async function holderProfile(ctx: {
  db: Database;
  actor: { kind: string; userId?: string };
}): Promise<{ data: Profile }> {
  const data = ctx.actor.userId ? await profileOf(ctx.db, ctx.actor.userId) : undefined;
  if (!data) throw refuse('session', 'session_expired');
  return { data };
}

/** The profile of the account this request logged the browser in as (`data`), if it did. */
export async function profileAnswer(ctx: {
  db: Database;
  session: { loggedInAs: string | undefined };
}): Promise<{ data?: Profile }> {
  const userId = ctx.session.loggedInAs;
  const data = userId ? await profileOf(ctx.db, userId) : undefined;
  return data ? { data } : {};
}
