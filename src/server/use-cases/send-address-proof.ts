import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { users } from '../db/schema/accounts.ts';
import { askToProveAddress } from '../services/address-proof.ts';
import { refuse } from '../validation-errors.ts';
import { accountOf } from './account-actor.ts';
import type { UseCaseContext } from './context.ts';

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
  if (!user.addressProvenAt) await ctx.db.transaction((tx) => askToProveAddress(tx, userId, ctx.clock()));
  return { email: user.email };
}

export const sendAddressProof = { input: z.object({}), run };
