import { and, eq, isNull } from 'drizzle-orm';
import type * as z from 'zod/mini';
import { proveAddressSchema } from '../../schemas/account.ts';
import { users } from '../db/schema/accounts.ts';
import { refuse } from '../validation-errors.ts';
import { translate } from '../../i18n/translate.ts';
import { localizePath } from '../../i18n/locales.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';

/**
 * Opens an address proof's link (`POST /api/auth/prove-address`, the button on `/confirm-address?token=`): the link
 * reached the account's mailbox, so the address is proven the account's own, and guest bookings made with it show
 * in My booking from now on. Single use. Logs no one in: the link proves the address, not who holds the browser.
 */
async function run(
  ctx: UseCaseContext,
  input: z.infer<typeof proveAddressSchema>,
): Promise<{ userId: string }> {
  // A cheap check of the link's signature first: a forged token costs no lock.
  if (!ctx.auth.linkIdOf(ctx.linkSecret(), 'prove_address', input.token))
    throw refuse('token', 'account_link_invalid');
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const link = await ctx.auth.useLink(tx, ctx.linkSecret(), 'prove_address', input.token, now);
    if (!link) throw refuse('token', 'account_link_invalid');
    // Proven earlier (a reset, Google as its authority): that first moment stays.
    await tx
      .update(users)
      .set({ addressProvenAt: now, updatedAt: now })
      .where(and(eq(users.id, link.userId), isNull(users.addressProvenAt)));
    return { userId: link.userId };
  });
}

export const proveAddress = defineUseCase({
  name: 'prove-address',
  input: proveAddressSchema,
  async run(ctx: UseCaseContext, input: z.infer<typeof proveAddressSchema>): Promise<void> {
    await run(ctx, input);
  },
  route: {
    method: 'POST',
    path: '/auth/prove-address',
    caller: 'client',
    answer: (_done, ctx) => ({ message: translate('prove_done', ctx.locale) }),
  },
  form: { next: (_done, ctx) => `${localizePath('/confirm-address', ctx.locale)}?done` },
  refusals: [401, 403, 422, 429],
});
