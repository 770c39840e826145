import * as z from 'zod/mini';
import { localizePath } from '../../i18n/locales.ts';
import { writeAudit } from '../services/audit.ts';
import { endStaffSession } from '../services/staff-session.ts';
import { defineUseCase } from './use-case.ts';

/**
 * Use case: a staff member signs out (the console's button): the session ends on the server, its cookie goes, and
 * the audit log says so.
 */
export const staffSignOut = defineUseCase({
  name: 'staff-sign-out',
  input: z.object({}),
  async run(ctx) {
    const now = ctx.clock();
    await ctx.db.transaction(async (tx) => {
      const ended = await endStaffSession(tx, ctx.staff, ctx.session.staffToken);
      // A signed-in member's session is a staff action's end: logged as theirs, like the sign-in.
      if (ended?.stage === 'signed_in')
        await writeAudit(tx, {
          by: { kind: 'staff', staffId: ended.staffId },
          action: 'staff.signed_out',
          subject: { type: 'staff', id: ended.staffId },
          at: now,
        });
    });
    ctx.session.endStaffSession();
  },
  route: { method: 'DELETE', path: '/staff/session', caller: 'browser', status: 204 },
  form: { next: (_done, ctx) => `${localizePath('/staff/login', ctx.locale)}?signed-out` },
  refusals: [],
});
