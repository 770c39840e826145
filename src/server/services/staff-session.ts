import { and, eq, isNull } from 'drizzle-orm';
import { staffSessionStands } from '../../domain/staff.ts';
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
  db: Database,
  security: Pick<StaffSecurity, 'hashOf'>,
  token: string | undefined,
): Promise<void> {
  if (token) await db.delete(staffSessions).where(eq(staffSessions.tokenHash, security.hashOf(token)));
}
