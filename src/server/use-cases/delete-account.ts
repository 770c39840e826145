import { eq } from 'drizzle-orm';
import { deleteAccountSchema, type DeleteAccountInput } from '../../schemas/account.ts';
import { users } from '../db/schema/accounts.ts';
import { bookings } from '../db/schema/bookings.ts';
import { refuse } from '../validation-errors.ts';
import { accountOf } from './account-actor.ts';
import { localizePath } from '../../i18n/locales.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';

/**
 * Deletes the account (My account, "Delete my account"): its password first (counted like a login), then the
 * account with everything that is only its own: sessions, e-mailed links, queued mails, saved passengers and their
 * passports (all cascade with it). Bookings stay, as the agency must keep them, no longer attached to anyone; they
 * can still be found by booking code and e-mail.
 */
async function run(ctx: UseCaseContext, input: DeleteAccountInput): Promise<void> {
  const userId = accountOf(ctx);
  await ctx.rateLimits.loginsPerAccount.take(`delete:${userId}`);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!(await ctx.auth.passwordMatches(input.currentPassword, user?.passwordHash)))
    throw refuse('currentPassword', 'account_error_current_password');
  await ctx.db.transaction(async (tx) => {
    await tx.update(bookings).set({ userId: null }).where(eq(bookings.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
  });
}

export const deleteAccount = defineUseCase({
  name: 'delete-account',
  input: deleteAccountSchema,
  async run(ctx: UseCaseContext, input: DeleteAccountInput): Promise<void> {
    await run(ctx, input);
    ctx.session.logOut();
  },
  route: { method: 'DELETE', path: '/profile', caller: 'account', status: 204 },
  form: { next: (_deleted, ctx) => `${localizePath('/login', ctx.locale)}?account-deleted` },
  refusals: [401, 403, 422, 429],
});
