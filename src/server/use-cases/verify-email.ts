import { and, eq, isNull } from 'drizzle-orm';
import type * as z from 'zod/mini';
import { verifyEmailSchema } from '../../schemas/account.ts';
import { useLink } from '../auth/account-links.ts';
import { accountLinks, users } from '../db/schema/accounts.ts';
import { refuse } from '../validation-errors.ts';
import type { UseCaseContext } from './context.ts';

/**
 * Opens a sign-up's link (`/verify-email?token=`): the address is proven, and the account takes the name, phone
 * and password that sign-up chose. Single use; other sign-up links of the account stop working. Answers the
 * account, which the page then logs in.
 */
async function run(
  ctx: UseCaseContext,
  input: z.infer<typeof verifyEmailSchema>,
): Promise<{ userId: string }> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const link = await useLink(tx, ctx.linkSecret(), 'verify_email', input.token, now);
    if (!link?.passwordHash || !link.fullName) throw refuse('token', 'account_link_invalid');
    await tx
      .update(users)
      .set({
        fullName: link.fullName,
        phone: link.phone,
        passwordHash: link.passwordHash,
        emailVerifiedAt: now,
        updatedAt: now,
      })
      .where(and(eq(users.id, link.userId), isNull(users.emailVerifiedAt)));
    await tx
      .update(accountLinks)
      .set({ usedAt: now })
      .where(and(eq(accountLinks.userId, link.userId), isNull(accountLinks.usedAt)));
    return { userId: link.userId };
  });
}

export const verifyEmail = { input: verifyEmailSchema, run };
