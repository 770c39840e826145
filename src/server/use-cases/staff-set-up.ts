import { and, eq, gt, isNull } from 'drizzle-orm';
import { staffSetUpSchema, type StaffSetUpInput } from '../../schemas/staff.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { staffMembers, staffSessions } from '../db/schema/staff.ts';
import { writeAudit } from '../services/audit.ts';
import { refuse } from '../validation-errors.ts';
import type { StaffContext } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';
import { localizePath } from '../../i18n/locales.ts';

/**
 * A new member's set-up link, used: the password (the accounts' rules) is set and the link is spent. Any session
 * the member had ends (a reset by an admin's new link signs them out everywhere).
 */
export async function setUpStaffPassword(
  ctx: Pick<StaffContext, 'db' | 'clock' | 'auth' | 'staff' | 'linkSecret'>,
  input: StaffSetUpInput,
): Promise<{ staffId: string }> {
  const { token, password } = staffSetUpSchema.parse(input);
  if (ctx.auth.isCommonPassword(password)) throw refuse('password', 'account_password_common');
  const now = ctx.clock();
  // The link first: no one makes the server hash passwords (20 ms each) with a made-up token.
  const setUpId = ctx.staff.setUpIdOf(ctx.linkSecret(), token);
  if (!setUpId) throw refuse('token', 'staff_error_link');
  const usable = and(
    eq(staffMembers.setUpId, setUpId),
    gt(staffMembers.setUpExpiresAt, now),
    isNull(staffMembers.disabledAt),
  );
  const [linked] = await ctx.db.select({ id: staffMembers.id }).from(staffMembers).where(usable);
  if (!linked) throw refuse('token', 'staff_error_link');
  const passwordHash = await ctx.auth.hashPassword(password);
  return lockingTransaction(ctx.db, async (tx) => {
    const [member] = await tx.select().from(staffMembers).where(usable).for('update');
    if (!member) throw refuse('token', 'staff_error_link');
    await tx
      .update(staffMembers)
      .set({ passwordHash, setUpId: null, setUpExpiresAt: null })
      .where(eq(staffMembers.id, member.id));
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, member.id));
    await writeAudit(tx, {
      by: { kind: 'staff', staffId: member.id, role: member.role },
      action: 'staff.set_up',
      subject: { type: 'staff', id: member.id },
      at: now,
    });
    return { staffId: member.id };
  });
}

/** Use case: a new staff member's set-up link, from its page (`/staff/set-up?token=...`); on to the sign-in. */
export const staffSetUp = defineUseCase({
  name: 'staff-set-up',
  input: staffSetUpSchema,
  run: setUpStaffPassword,
  route: { method: 'POST', path: '/staff/set-up', caller: 'guest', status: 204 },
  form: { next: (_done, ctx) => `${localizePath('/staff/login', ctx.locale)}?set-up` },
  refusals: [400, 422],
});
