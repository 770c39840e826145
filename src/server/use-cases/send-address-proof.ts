import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { users } from '../db/schema/accounts.ts';
import { askToProveAddress } from '../services/address-proof.ts';
import { refuse } from '../validation-errors.ts';
import { accountOf } from './account-actor.ts';
import { translate } from '../../i18n/translate.ts';
import { localizePath } from '../../i18n/locales.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';

/**
 * "Send the link again" (`POST /api/profile/address-proof`, My account): a new address proof's link for the
 * holder's own address, the older one ended; counted with the other mails to that address. An address proven
 * already gets nothing. Answers the address, which the page names.
 */
async function run(ctx: UseCaseContext): Promise<{ email: string }> {
  const userId = accountOf(ctx);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw refuse('session', 'session_expired');
  await ctx.rateLimits.accountMails.take(user.email);
  if (!user.addressProvenAt)
    await ctx.db.transaction((tx) => askToProveAddress(ctx.auth, tx, userId, ctx.clock()));
  return { email: user.email };
}

export const sendAddressProof = defineUseCase({
  name: 'send-address-proof',
  input: z.object({}),
  async run(ctx: UseCaseContext): Promise<{ email: string }> {
    const sent = await run(ctx);
    ctx.afterCommit(ctx.wakeMail);
    return sent;
  },
  route: {
    method: 'POST',
    path: '/profile/address-proof',
    caller: 'account',
    status: 202,
    answer: (sent, ctx) => ({
      message: translate('account_address_link_sent', ctx.locale, { email: sent.email }),
    }),
  },
  form: { next: (_sent, ctx) => `${localizePath('/my-account', ctx.locale)}?address-link-sent` },
  refusals: [401, 403, 409, 429],
});
