import { eq } from 'drizzle-orm';
import { registerSchema, type RegisterInput } from '../../schemas/account.ts';
import { users } from '../db/schema/accounts.ts';
import { queueAccountMail } from '../db/queries/queue-mail.ts';
import { refuse } from '../validation-errors.ts';
import { translate } from '../../i18n/translate.ts';
import { localizePath } from '../../i18n/locales.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';
import { BOOKING_ID_PATTERN } from '../../domain/booking-code.ts';

/**
 * Sign up (`POST /api/auth/register`, the sign-up form). The answer is the same whether the address has an account
 * or not ("check your e-mail"), and so is the work (the password is hashed either way): only the mailbox learns
 * which. A new address gets a link that confirms it; what this sign-up chose (name, phone, password) rides on that
 * link and becomes the account's only when it is opened, so signing up with someone else's address gains nothing.
 * An address with an account is told so by e-mail, with the way to log in or reset the password.
 */
async function run(ctx: UseCaseContext, input: RegisterInput): Promise<void> {
  await ctx.rateLimits.registrations.take(ctx.address);
  const email = input.email.toLowerCase();
  if (ctx.auth.isCommonPassword(input.password)) throw refuse('password', 'account_password_common');
  await ctx.rateLimits.accountMails.take(email);
  const passwordHash = await ctx.auth.hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    await tx
      .insert(users)
      .values({ email, fullName: input.fullName, phone: input.phone, locale: ctx.locale, createdAt: now })
      .onConflictDoNothing({ target: users.email });
    const [user] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    if (!user) throw new Error('account row missing after insert');
    if (user.emailVerifiedAt) return queueAccountMail(tx, user.id, 'account_exists');
    const link = await ctx.auth.issueLink(
      tx,
      {
        userId: user.id,
        purpose: 'verify_email',
        fullName: input.fullName,
        phone: input.phone,
        passwordHash,
        ...(input.attach && BOOKING_ID_PATTERN.test(input.attach) ? { attachBookingId: input.attach } : {}),
      },
      now,
    );
    // A repeated sign-up before confirming writes in the language of the latest attempt.
    await tx.update(users).set({ locale: ctx.locale }).where(eq(users.id, user.id));
    await queueAccountMail(tx, user.id, 'verify_email', link.id);
  });
}

export const register = defineUseCase({
  name: 'register',
  input: registerSchema,
  async run(ctx: UseCaseContext, input: RegisterInput): Promise<void> {
    await run(ctx, input);
    ctx.afterCommit(ctx.wakeMail);
  },
  route: {
    method: 'POST',
    path: '/auth/register',
    caller: 'client',
    status: 202,
    answer: (_done, ctx, input) => ({
      message: translate('account_check_email', ctx.locale, { email: input.email }),
    }),
  },
  form: { next: (_done, ctx) => `${localizePath('/sign-up', ctx.locale)}?sent` },
  refusals: [401, 403, 429],
});
