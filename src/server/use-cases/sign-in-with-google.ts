import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import type { AccountSecurity } from './ports.ts';
import { askToProveAddress } from '../services/address-proof.ts';
import { refuse } from '../validation-errors.ts';
import type { UseCaseContext } from './context.ts';

/** Who Google says this is (auth/google.ts has verified the ID token and that Google verified the address). */
const googleIdentityInput = z.object({
  email: z.string().check(z.minLength(3), z.maxLength(254), z.includes('@')),
  name: z.string().check(z.maxLength(200)),
  subject: z.string().check(z.minLength(1), z.maxLength(255)),
  authoritative: z.boolean(),
});
type GoogleIdentityInput = z.infer<typeof googleIdentityInput>;

/**
 * Signs in with Google. The Google account linked before (its `sub`) opens its account, whatever its address is
 * now. Otherwise the verified address decides: none of ours has it, a new account (Google's name or the address's
 * local part, no password: "forgot password" sets one); an unfinished sign-up has it, that sign-up was someone
 * typing the address without proving it, so what it typed (name, phone, language, pending password and links)
 * goes. An account of ours has it: linked only where Google is the address's authority (Gmail, Workspace); else
 * that account's owner logs in with their password (409), as an address at another provider may have changed
 * hands. An account linked to another Google account stays with that one (409).
 * The address counts as the account's own (guest bookings made with it join My booking) only where Google is its
 * authority; elsewhere Google's `email_verified` says the address was verified once, not that it is still this
 * person's, so our own link is mailed to it (again at a later sign-in, once the last one has lapsed).
 */
async function run(
  ctx: UseCaseContext,
  identity: GoogleIdentityInput,
): Promise<{ userId: string; created: boolean }> {
  const now = ctx.clock();
  const fullName = identity.name || (identity.email.split('@')[0] ?? identity.email);
  const googleSubject = identity.subject;
  const addressProvenAt = identity.authoritative ? now : null;
  return ctx.db.transaction(async (tx) => {
    const [linked] = await tx.select().from(users).where(eq(users.googleSubject, googleSubject));
    if (linked) {
      await proveLinkedAddress(ctx.auth, tx, linked, identity, now);
      return { userId: linked.id, created: false };
    }
    const [created] = await tx
      .insert(users)
      .values({
        email: identity.email,
        fullName,
        emailVerifiedAt: now,
        addressProvenAt,
        locale: ctx.locale,
        googleSubject,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created) {
      if (!addressProvenAt) await askToProveAddress(ctx.auth, tx, created.id, now);
      return { userId: created.id, created: true };
    }
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
          addressProvenAt,
          locale: ctx.locale,
          googleSubject,
          updatedAt: now,
        })
        .where(eq(users.id, user.id));
      await ctx.auth.endLinks(tx, user.id, now);
      if (!addressProvenAt) await askToProveAddress(ctx.auth, tx, user.id, now);
      return { userId: user.id, created: false };
    }
    if (user.googleSubject === googleSubject) return { userId: user.id, created: false };
    if (user.googleSubject) throw refuse('google', 'account_google_other_account');
    if (!identity.authoritative) throw refuse('google', 'account_google_use_password');
    await tx
      .update(users)
      .set({ googleSubject, addressProvenAt: user.addressProvenAt ?? now, updatedAt: now })
      .where(eq(users.id, user.id));
    return { userId: user.id, created: false };
  });
}

/**
 * A linked account whose address is not proven yet: Google proves it now if it has become the address's authority
 * (the same address, now Gmail or a Workspace domain's); else our link is mailed, unless an earlier one still works.
 */
async function proveLinkedAddress(
  auth: AccountSecurity,
  tx: Database,
  user: typeof users.$inferSelect,
  identity: GoogleIdentityInput,
  now: Date,
): Promise<void> {
  if (user.addressProvenAt) return;
  if (identity.authoritative && identity.email === user.email)
    await tx.update(users).set({ addressProvenAt: now, updatedAt: now }).where(eq(users.id, user.id));
  else await askToProveAddress(auth, tx, user.id, now, { unlessOpen: true });
}

/**
 * Use case: sign in with the identity Google vouched for (the door exchanges Google's code for it first, so this has
 * no route of its own); this browser is then logged in.
 */
export const signInWithGoogle = {
  name: 'sign-in-with-google',
  input: googleIdentityInput,
  async run(
    ctx: UseCaseContext,
    identity: GoogleIdentityInput,
  ): Promise<{ userId: string; created: boolean }> {
    const signedIn = await run(ctx, identity);
    // An address Google is not the authority for was sent our link to prove it: out now, not at the next sweep.
    ctx.afterCommit(ctx.wakeMail);
    await ctx.session.logIn(signedIn.userId);
    return signedIn;
  },
};
