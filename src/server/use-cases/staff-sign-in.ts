import { eq } from 'drizzle-orm';
import { staffSignInSchema, type StaffSignInInput } from '../../schemas/staff.ts';
import { staffMembers, staffSessions } from '../db/schema/staff.ts';
import { staffEnrolment } from '../services/staff-session.ts';
import { refuse } from '../validation-errors.ts';
import type { UseCaseContext } from './context.ts';
import type { StaffContext } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';
import { localizePath } from '../../i18n/locales.ts';

export interface PasswordAccepted {
  /** The staff cookie's token, at the `password` stage: the second factor comes next, within 5 minutes. */
  sessionToken: string;
  /** A code from the member's app, or (no second factor yet) its set-up: the secret and the address its QR shows. */
  next: { step: 'code' } | { step: 'enrol'; secret: string; uri: string };
}

/**
 * A staff sign-in's first step: e-mail and password, rate-limited per address and per e-mail (the login limits).
 * The same refusal for an unknown address, a wrong password, a member not set up yet or disabled. Accepted, the
 * session waits for the second factor; a member without one is offered a new secret to scan, on this session only
 * (it becomes theirs when a code from it is typed).
 */
export async function staffSignIn(
  ctx: Pick<StaffContext, 'db' | 'clock' | 'auth' | 'staff'> & Pick<UseCaseContext, 'rateLimits' | 'address'>,
  input: StaffSignInInput,
): Promise<PasswordAccepted> {
  const { email, password } = staffSignInSchema.parse(input);
  const address = email.toLowerCase();
  await ctx.rateLimits.logins.take(`staff:${ctx.address}`);
  await ctx.rateLimits.loginsPerAccount.take(`staff:${address}`);
  const [member] = await ctx.db.select().from(staffMembers).where(eq(staffMembers.email, address));
  // Checked even for an unknown address, so the answer's time does not tell which addresses are staff.
  const matches = await ctx.auth.passwordMatches(password, member?.passwordHash);
  if (!member || !matches || member.disabledAt) throw refuse('form', 'staff_error_sign_in');
  const now = ctx.clock();
  // No second factor yet: this sign-in offers a new one, from a seed kept on its session only.
  const enrolSeed = member.totpConfirmedAt ? undefined : ctx.staff.newToken().token;
  const offer = enrolSeed ? staffEnrolment(ctx.staff, enrolSeed, member.email) : undefined;
  const next: PasswordAccepted['next'] = offer
    ? { step: 'enrol', secret: offer.secret, uri: offer.uri }
    : { step: 'code' };
  const { token, hash } = ctx.staff.newToken();
  await ctx.db.insert(staffSessions).values({
    tokenHash: hash,
    staffId: member.id,
    stage: 'password',
    createdAt: now,
    lastSeenAt: now,
    enrolSeed: enrolSeed ?? null,
  });
  return { sessionToken: token, next };
}

/** Use case: the staff sign-in's password step, from `/staff/login`; its session goes in the staff cookie. */
export const staffPasswordStep = defineUseCase({
  name: 'staff-sign-in',
  input: staffSignInSchema,
  async run(ctx, input) {
    const accepted = await staffSignIn(ctx, input);
    ctx.session.keepStaffSession(accepted.sessionToken);
    return accepted.next.step;
  },
  // This site's own page only: the session goes in a cookie, and the second step reads it from there.
  route: { method: 'POST', path: '/staff/session', caller: 'browser', answer: (step) => ({ next: step }) },
  form: { next: (_step, ctx) => localizePath('/staff/code', ctx.locale) },
  refusals: [400, 429],
});
