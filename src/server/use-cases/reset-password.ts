import { eq } from 'drizzle-orm';
import { resetPasswordSchema, type ResetPasswordInput } from '../../schemas/account.ts';
import { users } from '../db/schema/accounts.ts';
import { queueAccountMail } from '../db/queries/queue-mail.ts';
import { refuse } from '../validation-errors.ts';
import { translate } from '../../i18n/translate.ts';
import { localizePath } from '../../i18n/locales.ts';
import { profileAnswer } from '../services/profile.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';

/**
 * A new password from the e-mailed link (`POST /api/recovery/reset-password`, `/new-password`): the link is used
 * up with every other open link of the account (a pending sign-up's would still confirm and log in), every session
 * of the account ends (whoever knew the old password is out), the address counts as proven (the link reached its
 * mailbox, and a Google account linked without proving it is unlinked), and a "your password was changed" mail
 * goes out. Answers the account, which the page logs in afresh.
 */
async function run(ctx: UseCaseContext, input: ResetPasswordInput): Promise<{ userId: string }> {
  // A cheap check of the link's signature first: a forged token costs no hashing (argon2 is the expensive part).
  if (!ctx.auth.linkIdOf(ctx.linkSecret(), 'reset_password', input.token))
    throw refuse('token', 'account_link_invalid');
  await ctx.rateLimits.recoveries.take(ctx.address);
  if (ctx.auth.isCommonPassword(input.password)) throw refuse('password', 'account_password_common');
  const passwordHash = await ctx.auth.hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const link = await ctx.auth.useLink(tx, ctx.linkSecret(), 'reset_password', input.token, now);
    if (!link) throw refuse('token', 'account_link_invalid');
    const [user] = await tx.select().from(users).where(eq(users.id, link.userId)).for('update');
    if (!user) throw refuse('token', 'account_link_invalid');
    await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: user.emailVerifiedAt ?? now,
        addressProvenAt: now,
        // A Google account that never proved this address (Google is not its authority) may be someone else's: the
        // mailbox's owner, resetting, unlinks it, or it would sign in and see the bookings the proof now opens.
        ...(user.addressProvenAt ? {} : { googleSubject: null }),
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await ctx.auth.endAccountSessions(tx, user.id, now);
    await ctx.auth.endLinks(tx, user.id, now);
    await queueAccountMail(tx, user.id, 'password_changed');
    return { userId: user.id };
  });
}

export const resetPassword = defineUseCase({
  name: 'reset-password',
  input: resetPasswordSchema,
  async run(ctx: UseCaseContext, input: ResetPasswordInput): Promise<{ userId: string }> {
    const reset = await run(ctx, input);
    ctx.afterCommit(ctx.wakeMail); // "your password was changed"
    // Whoever holds the e-mailed link proved the address: this browser is logged in with the new password.
    await ctx.session.logIn(reset.userId);
    return reset;
  },
  route: {
    method: 'POST',
    path: '/recovery/reset-password',
    caller: 'client',
    answer: async (_reset, ctx) => ({
      message: translate('account_password_reset', ctx.locale),
      ...(await profileAnswer(ctx)),
    }),
  },
  form: { next: (_reset, ctx) => `${localizePath('/my-account', ctx.locale)}?password-reset` },
  refusals: [401, 403, 422, 429],
});
