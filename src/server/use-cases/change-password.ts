import { eq } from 'drizzle-orm';
import { changePasswordSchema, type ChangePasswordInput } from '../../schemas/account.ts';
import { users } from '../db/schema/accounts.ts';
import { queueAccountMail } from '../db/queries/queue-mail.ts';
import { refuse } from '../validation-errors.ts';
import { accountOf } from './account-actor.ts';
import { translate } from '../../i18n/translate.ts';
import { localizePath } from '../../i18n/locales.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';

/**
 * Change password (`PUT /api/profile/change-password`, `/my-account/change-password`): the current password first
 * (counted like a login, so a stolen session cannot guess it), then the new one by the rule. Other sessions end;
 * the one that changed it (the actor's `family`) stays signed in; every link mailed before (a reset, a confirmation) stops
 * working, so an old reset link cannot undo the new password; a mail tells the owner.
 */
async function run(ctx: UseCaseContext, input: ChangePasswordInput): Promise<void> {
  const userId = accountOf(ctx);
  await ctx.rateLimits.loginsPerAccount.take(`change:${userId}`);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!(await ctx.auth.passwordMatches(input.currentPassword, user?.passwordHash)))
    throw refuse('currentPassword', 'account_error_current_password');
  if (ctx.auth.isCommonPassword(input.password)) throw refuse('password', 'account_password_common');
  const passwordHash = await ctx.auth.hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await ctx.auth.endAccountSessions(
      tx,
      userId,
      now,
      ctx.actor.kind === 'account' ? ctx.actor.family : undefined,
    );
    await ctx.auth.endLinks(tx, userId, now);
    await queueAccountMail(tx, userId, 'password_changed');
  });
}

export const changePassword = defineUseCase({
  name: 'change-password',
  input: changePasswordSchema,
  async run(ctx: UseCaseContext, input: ChangePasswordInput): Promise<void> {
    await run(ctx, input);
    ctx.afterCommit(ctx.wakeMail);
  },
  route: {
    method: 'PUT',
    path: '/profile/change-password',
    caller: 'account',
    answer: (_changed, ctx) => ({ message: translate('account_password_changed', ctx.locale) }),
  },
  form: { next: (_changed, ctx) => `${localizePath('/my-account', ctx.locale)}?password-changed` },
  refusals: [401, 403, 422, 429],
});
