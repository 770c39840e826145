import { and, eq, isNull } from 'drizzle-orm';
import { STAFF_RECOVERY_CODES, staffSessionStands, type StaffRole } from '../../domain/staff.ts';
import type { Database } from '../db/client.ts';
import { staffMembers, staffSessions } from '../db/schema/staff.ts';
import type { Actor } from '../use-cases/context.ts';
import type { StaffSecurity } from '../use-cases/ports.ts';

/** How often a signed-in session's last request is written: enough for the 30-minute idle rule, not every call. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The staff member a staff cookie's token signs in, if its session stands (signed in, under 8 hours, a request in
 * the last 30 minutes, the member not disabled): their actor, and the session's idle clock restarted. A session that
 * no longer stands is removed; one waiting for its second factor signs nobody in.
 */
export async function staffActorOf(
  db: Database,
  security: Pick<StaffSecurity, 'hashOf'>,
  token: string | undefined,
  now: Date,
): Promise<Extract<Actor, { kind: 'staff' }> | undefined> {
  if (!token || token.length > 100) return undefined;
  const tokenHash = security.hashOf(token);
  const [found] = await db
    .select({ session: staffSessions, role: staffMembers.role })
    .from(staffSessions)
    .innerJoin(staffMembers, and(eq(staffMembers.id, staffSessions.staffId), isNull(staffMembers.disabledAt)))
    .where(eq(staffSessions.tokenHash, tokenHash));
  if (!found) return undefined;
  if (!staffSessionStands(found.session, now)) {
    await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
    return undefined;
  }
  // Only the password given: the second factor's page is where it goes on, not the console.
  if (found.session.stage !== 'signed_in') return undefined;
  if (now.getTime() - found.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.tokenHash, tokenHash));
  return { kind: 'staff', staffId: found.session.staffId, role: found.role };
}

/** Ends the session a staff cookie's token names (signing out); nothing if there is none. */
export async function endStaffSession(
  db: Pick<Database, 'delete'>,
  security: Pick<StaffSecurity, 'hashOf'>,
  token: string | undefined,
): Promise<{ staffId: string; stage: 'password' | 'signed_in' } | undefined> {
  if (!token || token.length > 100) return undefined;
  const [ended] = await db
    .delete(staffSessions)
    .where(eq(staffSessions.tokenHash, security.hashOf(token)))
    .returning({ staffId: staffSessions.staffId, stage: staffSessions.stage });
  return ended;
}

/**
 * A staff sign-in waiting for its second factor (the cookie's session at the `password` stage, still standing, the
 * member not disabled): the member's address, and for a member without a second factor yet what this sign-in's
 * set-up shows: the secret, the address its QR code holds, and the recovery codes it comes with.
 */
export async function pendingStaffSignIn(
  db: Database,
  security: Pick<StaffSecurity, 'hashOf' | 'totpSecretOf' | 'totpUri' | 'recoveryCodesOf'>,
  token: string | undefined,
  now: Date,
): Promise<{ email: string; enrol?: { secret: string; uri: string; recoveryCodes: string[] } } | undefined> {
  if (!token || token.length > 100) return undefined;
  const [found] = await db
    .select({ session: staffSessions, member: staffMembers })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, security.hashOf(token)));
  if (found?.session.stage !== 'password' || !staffSessionStands(found.session, now)) return undefined;
  const { email, disabledAt } = found.member;
  const seed = found.session.enrolSeed;
  if (disabledAt) return undefined;
  if (!seed) return { email };
  return { email, enrol: staffEnrolment(security, seed, email) };
}

/** Everything one set-up seed gives (a sign-in's offer): the secret, the address its QR holds, the recovery codes. */
export function staffEnrolment(
  security: Pick<StaffSecurity, 'totpSecretOf' | 'totpUri' | 'recoveryCodesOf'>,
  seed: string,
  email: string,
): { secret: string; uri: string; recoveryCodes: string[] } {
  const secret = security.totpSecretOf(seed);
  return {
    secret,
    uri: security.totpUri(secret, email),
    recoveryCodes: security.recoveryCodesOf(seed, STAFF_RECOVERY_CODES),
  };
}

/** A staff member as the console greets them. */
export async function staffMemberOf(
  db: Database,
  staffId: string,
): Promise<{ fullName: string; email: string; role: StaffRole } | undefined> {
  const [member] = await db
    .select({ fullName: staffMembers.fullName, email: staffMembers.email, role: staffMembers.role })
    .from(staffMembers)
    .where(eq(staffMembers.id, staffId));
  return member;
}

/** A staff member as the console's staff list shows them: set up or still to, disabled. */
export interface StaffListing {
  id: string;
  fullName: string;
  email: string;
  role: StaffRole;
  state: 'active' | 'pending' | 'disabled';
  /** The set-up link's token, while it is unused and has not run out (the admin sends the link). */
  setUpToken?: string;
}

/** Every staff member, by name, with the set-up link's token of those who have not set up yet. */
export async function staffListing(
  db: Database,
  security: Pick<StaffSecurity, 'setUpToken'>,
  linkSecret: string,
  now: Date,
): Promise<StaffListing[]> {
  const rows = await db.select().from(staffMembers).orderBy(staffMembers.fullName);
  return rows.map((row) => {
    const open = row.setUpId && row.setUpExpiresAt && row.setUpExpiresAt > now ? row.setUpId : undefined;
    const state = row.disabledAt ? 'disabled' : row.passwordHash ? 'active' : 'pending';
    return {
      id: row.id,
      fullName: row.fullName,
      email: row.email,
      role: row.role,
      state,
      ...(open && state === 'pending' ? { setUpToken: security.setUpToken(linkSecret, open) } : {}),
    };
  });
}
