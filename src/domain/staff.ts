/**
 * The agency's staff (the console): roles, and how long a staff session lasts. Pure; the server keeps the
 * accounts and sessions (server/db/schema/staff.ts) and signs staff in (server/use-cases/staff-*.ts).
 */

/** `agent`: bookings, refunds, manifests, scanning. `admin`: also staff, announcements and sailing changes. */
export const staffRoles = ['agent', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** Whether a member of `role` may do what needs `needed`: an admin may do all an agent may. */
export function roleAllows(role: StaffRole, needed: StaffRole): boolean {
  return role === 'admin' || needed === 'agent';
}

/** A staff session ends 8 hours after sign-in, or after 30 minutes without a request. */
export const STAFF_SESSION_HOURS = 8;
export const STAFF_IDLE_MINUTES = 30;
/** Between the password and the second factor: 5 minutes to type the code. */
export const STAFF_SECOND_STEP_MINUTES = 5;
/** The one-time set-up link `staff-add` prints. */
export const STAFF_SET_UP_HOURS = 48;
/** Wrong second-factor codes one sign-in may type: then it ends, and the password is asked again. */
export const STAFF_CODE_TRIES = 5;
/** One-use recovery codes, shown once when the second factor is set up. */
export const STAFF_RECOVERY_CODES = 10;

/**
 * How far a staff session is: the password given (`password`: the second factor next, or its set-up when the member
 * has none yet) or signed in (`signed_in`).
 */
export type StaffSessionStage = 'password' | 'signed_in';

/** Whether a staff session still stands at `now`: by its stage's lifetime, and for a signed-in one its idle time. */
export function staffSessionStands(
  session: { stage: StaffSessionStage; createdAt: Date; lastSeenAt: Date },
  now: Date,
): boolean {
  const since = (from: Date) => now.getTime() - from.getTime();
  if (session.stage === 'password') return since(session.createdAt) < STAFF_SECOND_STEP_MINUTES * 60_000;
  return (
    since(session.createdAt) < STAFF_SESSION_HOURS * 3_600_000 &&
    since(session.lastSeenAt) < STAFF_IDLE_MINUTES * 60_000
  );
}

/** A recovery code as typed (any case, spaces, with or without its dash) in the form it was given: `ABCDE-FGHJK`. */
export function recoveryCodeOf(typed: string): string | undefined {
  const plain = typed.toUpperCase().replaceAll(/[\s-]/g, '');
  return /^[A-Z0-9]{10}$/.test(plain) ? `${plain.slice(0, 5)}-${plain.slice(5)}` : undefined;
}
