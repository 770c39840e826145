import { eq } from 'drizzle-orm';
import { forgotPasswordSchema, type ForgotPasswordInput } from '../../schemas/account.ts';
import { users } from '../db/schema/accounts.ts';
import { queueAccountMail } from '../db/queries/queue-mail.ts';
import { translate } from '../../i18n/translate.ts';
import { localizePath } from '../../i18n/locales.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';

/**
 * "Forgot password" (`POST /api/recovery/forgot-password`): an account with this address is e-mailed a link to set
 * a new password, valid 60 minutes and once (a newer request ends the older link). The answer never says whether
 * the address has an account; the limits count per client address and per e-mail address either way.
 */
async function run(ctx: UseCaseContext, input: ForgotPasswordInput): Promise<void> {
  await ctx.rateLimits.recoveries.take(ctx.address);
  const email = input.email.toLowerCase();
  await ctx.rateLimits.accountMails.take(email);
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).for('update');
    if (!user) return;
    const link = await ctx.auth.issueLink(tx, { userId: user.id, purpose: 'reset_password' }, ctx.clock());
    await queueAccountMail(tx, user.id, 'password_reset', link.id);
  });
}

export const forgotPassword = defineUseCase({
  name: 'forgot-password',
  input: forgotPasswordSchema,
  async run(ctx: UseCaseContext, input: ForgotPasswordInput): Promise<void> {
    await run(ctx, input);
    ctx.afterCommit(ctx.wakeMail);
  },
  route: {
    method: 'POST',
    path: '/recovery/forgot-password',
    caller: 'client',
    status: 202,
    answer: (_done, ctx, input) => ({
      message: translate('account_reset_sent', ctx.locale, { email: input.email }),
    }),
  },
  form: { next: (_done, ctx) => `${localizePath('/forgot-password', ctx.locale)}?sent` },
  refusals: [401, 403, 429],
});
