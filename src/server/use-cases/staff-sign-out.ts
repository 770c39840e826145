import * as z from 'zod/mini';
import { localizePath } from '../../i18n/locales.ts';
import { endStaffSession } from '../services/staff-session.ts';
import { defineUseCase } from './use-case.ts';

/** Use case: a staff member signs out (the console's button): the session ends on the server and its cookie goes. */
export const staffSignOut = defineUseCase({
  name: 'staff-sign-out',
  input: z.object({}),
  async run(ctx) {
    await endStaffSession(ctx.db, ctx.staff, ctx.session.staffToken);
    ctx.session.endStaffSession();
  },
  route: { method: 'DELETE', path: '/staff/session', caller: 'browser', status: 204 },
  form: { next: (_done, ctx) => `${localizePath('/staff/login', ctx.locale)}?signed-out` },
  refusals: [],
});
