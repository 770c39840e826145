import { STAFF_SET_UP_HOURS } from '../../domain/staff.ts';
import { staffAddSchema, type StaffAddInput } from '../../schemas/staff.ts';
import { staffMembers } from '../db/schema/staff.ts';
import { writeAudit } from '../services/audit.ts';
import { refuse } from '../validation-errors.ts';
import type { Actor } from './context.ts';
import { staffOf, type StaffContext } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';
import { localizePath } from '../../i18n/locales.ts';

/**
 * Adds a member of the agency's staff, without a password: the answer's one-time token makes the set-up link
 * (`/staff/set-up?token=...`, good for 48 hours), where the member chooses one; the second factor follows at the
 * first sign-in. `by`: the admin who added them, or `system` for `npm run ops -- staff-add` (the first admin).
 */
export async function addStaffMember(
  ctx: Pick<StaffContext, 'db' | 'clock' | 'staff' | 'linkSecret'>,
  input: StaffAddInput,
  by: Actor | 'system',
): Promise<{ id: string; setUpToken: string; expiresAt: Date }> {
  const { email, fullName, role } = staffAddSchema.parse(input);
  const setUpId = ctx.staff.newToken().token;
  const now = ctx.clock();
  const expiresAt = new Date(now.getTime() + STAFF_SET_UP_HOURS * 3_600_000);
  return ctx.db.transaction(async (tx) => {
    const [member] = await tx
      .insert(staffMembers)
      .values({
        email: email.toLowerCase(),
        fullName,
        role,
        setUpId,
        setUpExpiresAt: expiresAt,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: staffMembers.id });
    if (!member) throw refuse('email', 'staff_error_email_taken');
    await writeAudit(tx, {
      by,
      action: 'staff.added',
      subject: { type: 'staff', id: member.id },
      after: { email: email.toLowerCase(), fullName, role },
      at: now,
    });
    return { id: member.id, setUpToken: ctx.staff.setUpToken(ctx.linkSecret(), setUpId), expiresAt };
  });
}

/** Use case: an admin adds a staff member from the console (`/staff/members`); the list then shows their link. */
export const staffAdd = defineUseCase({
  name: 'staff-add',
  input: staffAddSchema,
  run(ctx, input) {
    staffOf(ctx, 'admin');
    return addStaffMember(ctx, input, ctx.actor);
  },
  route: {
    method: 'POST',
    path: '/staff/members',
    caller: 'staff',
    status: 201,
    answer: (added) => ({
      id: added.id,
      setUpToken: added.setUpToken,
      expiresAt: added.expiresAt.toISOString(),
    }),
  },
  form: { next: (_added, ctx) => `${localizePath('/staff/members', ctx.locale)}?added` },
  refusals: [401, 403, 409],
});
