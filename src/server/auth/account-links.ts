import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { accountLinks, type accountLinkPurposes } from '../db/schema/accounts.ts';
import { installationSecret } from '../installation-secret.ts';

export type AccountLinkPurpose = (typeof accountLinkPurposes)[number];
export type AccountLink = typeof accountLinks.$inferSelect;

/**
 * How long an e-mailed link works: a new password's for 60 minutes (docs/product-rules.md, Accounts), a
 * sign-up's and an address proof's a day.
 */
export const LINK_LIFETIME_MINUTES: Record<AccountLinkPurpose, number> = {
  reset_password: 60,
  verify_email: 24 * 60,
  prove_address: 24 * 60,
};

/** This installation's link key (ACCOUNT_LINK_SECRET, else generated once into ACCOUNT_LINK_SECRET_FILE). */
export function serverLinkSecret(): string {
  const config = loadConfig();
  return installationSecret(config.ACCOUNT_LINK_SECRET, config.ACCOUNT_LINK_SECRET_FILE);
}

/** The link key a process runs with: its dependencies' (a test gives one), else this installation's. */
export function linkSecretOf(deps: { linkSecret?: (() => string) | undefined }): string {
  return (deps.linkSecret ?? serverLinkSecret)();
}

function signature(secret: string, purpose: AccountLinkPurpose, id: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${id}`).digest('base64url');
}

/** The token a link's e-mail carries: its row id and an HMAC of it, so the database alone can make none. */
export function linkToken(secret: string, link: Pick<AccountLink, 'id' | 'purpose'>): string {
  return `${link.id}.${signature(secret, link.purpose, link.id)}`;
}

const TOKEN_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([\w-]{43})$/;

/** The link id a token names, if its signature is this installation's for that purpose; never reads the database. */
export function linkIdOf(secret: string, purpose: AccountLinkPurpose, token: string): string | undefined {
  const match = TOKEN_PATTERN.exec(token.trim());
  if (!match?.[1] || !match[2]) return undefined;
  const expected = Buffer.from(signature(secret, purpose, match[1]));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : undefined;
}

/** A new link for `userId`, in the caller's transaction; a new one of a purpose ends the unused ones before it. */
export async function issueLink(
  tx: Database,
  values: Pick<AccountLink, 'userId' | 'purpose'> &
    Partial<Pick<AccountLink, 'fullName' | 'phone' | 'passwordHash' | 'attachBookingId'>>,
  now: Date,
): Promise<AccountLink> {
  await tx
    .update(accountLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountLinks.userId, values.userId),
        eq(accountLinks.purpose, values.purpose),
        isNull(accountLinks.usedAt),
      ),
    );
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MINUTES[values.purpose] * 60_000);
  const [link] = await tx
    .insert(accountLinks)
    .values({ ...values, expiresAt, createdAt: now })
    .returning();
  if (!link) throw new Error('account link not saved');
  return link;
}

/**
 * Ends every unused link of the account, whatever its purpose, in the caller's transaction: a new password (changed
 * or reset) or a taken-over sign-up makes every link mailed before it stale. A reset link left open would otherwise
 * undo the new password and sign out every session, the owner's new one too.
 */
export async function endLinks(tx: Database, userId: string, now: Date): Promise<void> {
  await tx
    .update(accountLinks)
    .set({ usedAt: now })
    .where(and(eq(accountLinks.userId, userId), isNull(accountLinks.usedAt)));
}

/** Whether the account has a link of this purpose still usable now (unused, unexpired). */
export async function hasOpenLink(
  tx: Database,
  userId: string,
  purpose: AccountLinkPurpose,
  now: Date,
): Promise<boolean> {
  const [open] = await tx
    .select({ id: accountLinks.id })
    .from(accountLinks)
    .where(
      and(
        eq(accountLinks.userId, userId),
        eq(accountLinks.purpose, purpose),
        isNull(accountLinks.usedAt),
        gt(accountLinks.expiresAt, now),
      ),
    )
    .limit(1);
  return open !== undefined;
}

/**
 * Uses the link a token names, once: locked, checked unused and unexpired, and marked used in the caller's
 * transaction. Undefined for a forged, unknown, used or expired link (one answer for all: the person asks again).
 */
export async function useLink(
  tx: Database,
  secret: string,
  purpose: AccountLinkPurpose,
  token: string,
  now: Date,
): Promise<AccountLink | undefined> {
  const id = linkIdOf(secret, purpose, token);
  if (!id) return undefined;
  const [link] = await tx
    .select()
    .from(accountLinks)
    .where(and(eq(accountLinks.id, id), eq(accountLinks.purpose, purpose)))
    .for('update');
  if (!link || link.usedAt || link.expiresAt <= now) return undefined;
  await tx.update(accountLinks).set({ usedAt: now }).where(eq(accountLinks.id, id));
  return link;
}

/** Whether a token names a link still usable now, without using it: the new-password page checks before it asks. */
export async function linkUsable(
  db: Database,
  secret: string,
  purpose: AccountLinkPurpose,
  token: string,
  now: Date,
): Promise<boolean> {
  const id = linkIdOf(secret, purpose, token);
  if (!id) return false;
  const [link] = await db.select().from(accountLinks).where(eq(accountLinks.id, id));
  return link?.purpose === purpose && !link.usedAt && link.expiresAt > now;
}
