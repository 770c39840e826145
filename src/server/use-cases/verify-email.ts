import { and, eq, isNull } from 'drizzle-orm';
import type * as z from 'zod/mini';
import { verifyEmailSchema } from '../../schemas/account.ts';
import { attachBooking } from '../services/attach-booking.ts';
import { users } from '../db/schema/accounts.ts';
import { refuse } from '../validation-errors.ts';
import { translate } from '../../i18n/translate.ts';
import { localizePath } from '../../i18n/locales.ts';
import { profileAnswer } from '../services/profile.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';

/**
 * Opens a sign-up's link (`/verify-email?token=`) with the password typed at that sign-up: the address is proven,
 * and the account takes the name, phone and password that sign-up chose. Single use; other sign-up links of the
 * account stop working. Answers the account, which the page then logs in.
 */
async function run(
  ctx: UseCaseContext,
  input: z.infer<typeof verifyEmailSchema>,
): Promise<{ userId: string }> {
  // A cheap check of the link's signature first: a forged token costs no password check and no lock.
  const linkId = ctx.auth.linkIdOf(ctx.linkSecret(), 'verify_email', input.token);
  if (!linkId) throw refuse('token', 'account_link_invalid');
  await ctx.rateLimits.loginsPerAccount.take(`verify:${linkId}`);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const link = await ctx.auth.useLink(tx, ctx.linkSecret(), 'verify_email', input.token, now);
    if (!link?.passwordHash || !link.fullName) throw refuse('token', 'account_link_invalid');
    // Thrown, the transaction rolls back and the link stays usable for the one who knows the password.
    if (!(await ctx.auth.passwordMatches(input.password, link.passwordHash)))
      throw refuse('password', 'account_verify_password');
    await tx
      .update(users)
      .set({
        fullName: link.fullName,
        phone: link.phone,
        passwordHash: link.passwordHash,
        emailVerifiedAt: now,
        addressProvenAt: now,
        updatedAt: now,
      })
      .where(and(eq(users.id, link.userId), isNull(users.emailVerifiedAt)));
    await ctx.auth.endLinks(tx, link.userId, now);
    // From a guest booking's "sign up" prompt: that booking joins the account now confirmed.
    if (link.attachBookingId) await attachBooking(tx, link.userId, link.attachBookingId);
    return { userId: link.userId };
  });
}

export const verifyEmail = defineUseCase({
  name: 'verify-email',
  input: verifyEmailSchema,
  async run(ctx: UseCaseContext, input: z.infer<typeof verifyEmailSchema>): Promise<{ userId: string }> {
    const verified = await run(ctx, input);
    // The address is proven by the link and the account by its password: this browser is logged in there and then.
    await ctx.session.logIn(verified.userId);
    return verified;
  },
  route: {
    method: 'POST',
    path: '/auth/verify-email',
    caller: 'client',
    answer: async (_verified, ctx) => ({
      message: translate('account_verified', ctx.locale),
      ...(await profileAnswer(ctx)),
    }),
  },
  form: { next: (_verified, ctx) => `${localizePath('/my-account', ctx.locale)}?welcome` },
  refusals: [401, 403, 422, 429],
});
