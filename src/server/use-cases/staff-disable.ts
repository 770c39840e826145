import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { localizePath } from '../../i18n/locales.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { staffMembers, staffSessions } from '../db/schema/staff.ts';
import { writeAudit } from '../services/audit.ts';
import { refuse } from '../validation-errors.ts';
import { staffMemberAddress } from './addresses.ts';
import { staffOf, type StaffContext } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

/**
 * An admin disables a staff member: they can no longer sign in, and every session of theirs ends now. Their rows in
 * the audit log stay. Not one's own account (another admin must), so the console always keeps an admin.
 */
async function disable(ctx: StaffContext, { id }: { id: string }): Promise<void> {
  const admin = staffOf(ctx, 'admin');
  if (id === admin.staffId) throw refuse('staff', 'staff_error_self');
  const now = ctx.clock();
  await lockingTransaction(ctx.db, async (tx) => {
    const [member] = await tx.select().from(staffMembers).where(eq(staffMembers.id, id)).for('update');
    if (!member) throw refuse('staff', 'staff_error_not_found');
    if (member.disabledAt) return; // already: nothing changes, nothing is logged twice
    await tx.update(staffMembers).set({ disabledAt: now }).where(eq(staffMembers.id, id));
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, id));
    await writeAudit(tx, {
      by: ctx.actor,
      action: 'staff.disabled',
      subject: { type: 'staff', id },
      before: { email: member.email, role: member.role },
      at: now,
    });
  });
}

/** Use case: disable a staff member (admin), from the console's staff list. */
export const staffDisable = defineUseCase({
  name: 'staff-disable',
  input: z.object({}),
  address: staffMemberAddress,
  run: disable,
  route: { method: 'DELETE', path: '/staff/members/:id', caller: 'staff', status: 204 },
  form: { next: (_done, ctx) => `${localizePath('/staff/members', ctx.locale)}?disabled` },
  refusals: [401, 403, 404, 422],
});
