import { and, eq, isNull } from 'drizzle-orm';
import * as z from 'zod/mini';
import { accountLinks, users } from '../db/schema/accounts.ts';
import type { UseCaseContext } from './context.ts';

/** Who Google says this is (auth/google.ts has verified the ID token and that Google verified the address). */
const googleIdentityInput = z.object({
  email: z.string().check(z.minLength(3), z.maxLength(254)),
  name: z.string().check(z.maxLength(200)),
});

/**
 * Signs in with Google: the address Google verified is the account's key. An account with that address is linked
 * (logged in); none: a new account, its address proven, with Google's name (else the address's local part) and no
 * password (it can set one through "forgot password"). An unfinished sign-up with that address is someone who typed
 * it without proving it: the owner has now proven it, so what that sign-up typed (name, phone, pending password
 * and links) goes, and nobody else's password ever opens this account.
 */
async function run(
  ctx: UseCaseContext,
  identity: z.infer<typeof googleIdentityInput>,
): Promise<{ userId: string; created: boolean }> {
  const now = ctx.clock();
  const fullName = identity.name || (identity.email.split('@')[0] ?? identity.email);
  return ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ email: identity.email, fullName, emailVerifiedAt: now, locale: ctx.locale })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (created) return { userId: created.id, created: true };
    const [user] = await tx.select().from(users).where(eq(users.email, identity.email)).for('update');
    if (!user) throw new Error('the account vanished while signing in');
    if (!user.emailVerifiedAt) {
      await tx
        .update(users)
        .set({ fullName, phone: null, passwordHash: null, emailVerifiedAt: now, updatedAt: now })
        .where(eq(users.id, user.id));
      await tx
        .update(accountLinks)
        .set({ usedAt: now })
        .where(and(eq(accountLinks.userId, user.id), isNull(accountLinks.usedAt)));
    }
    return { userId: user.id, created: false };
  });
}

export const signInWithGoogle = { input: googleIdentityInput, run };
