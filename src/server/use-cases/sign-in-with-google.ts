import { and, eq, isNull } from 'drizzle-orm';
import * as z from 'zod/mini';
import { accountLinks, users } from '../db/schema/accounts.ts';
import { refuse } from '../validation-errors.ts';
import type { UseCaseContext } from './context.ts';

/** Who Google says this is (auth/google.ts has verified the ID token and that Google verified the address). */
const googleIdentityInput = z.object({
  email: z.string().check(z.minLength(3), z.maxLength(254), z.includes('@')),
  name: z.string().check(z.maxLength(200)),
  subject: z.string().check(z.minLength(1), z.maxLength(255)),
  authoritative: z.boolean(),
});

/**
 * Signs in with Google. The Google account linked before (its `sub`) opens its account, whatever its address is
 * now. Otherwise the verified address decides: none of ours has it, a new account (its address proven, Google's
 * name or the address's local part, no password: "forgot password" sets one); an unfinished sign-up has it, that
 * sign-up was someone typing the address without proving it, so what it typed (name, phone, pending password and
 * links) goes. An account of ours has it: linked only where Google is the address's authority (Gmail, Workspace);
 * else that account's owner logs in with their password (409), as an address at another provider may have
 * changed hands. An account linked to another Google account stays with that one (409).
 */
async function run(
  ctx: UseCaseContext,
  identity: z.infer<typeof googleIdentityInput>,
): Promise<{ userId: string; created: boolean }> {
  const now = ctx.clock();
  const fullName = identity.name || (identity.email.split('@')[0] ?? identity.email);
  const googleSubject = identity.subject;
  return ctx.db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.googleSubject, googleSubject));
    if (linked) return { userId: linked.id, created: false };
    const [created] = await tx
      .insert(users)
      .values({
        email: identity.email,
        fullName,
        emailVerifiedAt: now,
        addressProvenAt: now,
        locale: ctx.locale,
        googleSubject,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created) return { userId: created.id, created: true };
    const [user] = await tx.select().from(users).where(eq(users.email, identity.email)).for('update');
    // The conflict was this Google account, linked by a sign-in racing this one: that account is the one.
    if (!user) {
      const [raced] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.googleSubject, googleSubject));
      if (raced) return { userId: raced.id, created: false };
      throw new Error('the account vanished while signing in');
    }
    if (!user.emailVerifiedAt) {
      await tx
        .update(users)
        .set({
          fullName,
          phone: null,
          passwordHash: null,
          emailVerifiedAt: now,
          addressProvenAt: now,
          googleSubject,
          updatedAt: now,
        })
        .where(eq(users.id, user.id));
      await tx
        .update(accountLinks)
        .set({ usedAt: now })
        .where(and(eq(accountLinks.userId, user.id), isNull(accountLinks.usedAt)));
      return { userId: user.id, created: false };
    }
    if (user.googleSubject === googleSubject) return { userId: user.id, created: false };
    if (user.googleSubject) throw refuse('google', 'account_google_other_account');
    if (!identity.authoritative) throw refuse('google', 'account_google_use_password');
    await tx.update(users).set({ googleSubject, updatedAt: now }).where(eq(users.id, user.id));
    return { userId: user.id, created: false };
  });
}

export const signInWithGoogle = { input: googleIdentityInput, run };
