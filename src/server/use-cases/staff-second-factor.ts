import { and, eq, isNull } from 'drizzle-orm';
import { recoveryCodeOf, STAFF_CODE_TRIES, staffSessionStands } from '../../domain/staff.ts';
import { staffCodeSchema, type StaffCodeInput } from '../../schemas/staff.ts';
import { lockingTransaction, type Tx } from '../db/conflicts.ts';
import { staffMembers, staffRecoveryCodes, staffSessions } from '../db/schema/staff.ts';
import { writeAudit } from '../services/audit.ts';
import { staffEnrolment } from '../services/staff-session.ts';
import { refuse } from '../validation-errors.ts';
import type { UseCaseContext } from './context.ts';
import type { StaffContext } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';
import { localizePath } from '../../i18n/locales.ts';

export interface SignedIn {
  /** A new token for the staff cookie: the signed-in session is not the one the password opened. */
  sessionToken: string;
}

type Member = typeof staffMembers.$inferSelect;

/**
 * A staff sign-in's second step, in the session the password opened (5 minutes): the code the authenticator app
 * shows now, good once (a code of a step already used is refused, as is one older than a step), or a recovery code,
 * good once. The first time, the code confirms the secret just scanned and its recovery codes (shown beside it) take
 * effect. Five wrong
 * codes end the session. Accepted, the session becomes a signed-in one under a new token.
 */
export async function staffSecondFactor(
  ctx: Pick<StaffContext, 'db' | 'clock' | 'staff'> & Pick<UseCaseContext, 'rateLimits'>,
  input: StaffCodeInput & { sessionToken: string },
): Promise<SignedIn> {
  const { code } = staffCodeSchema.parse(input);
  const now = ctx.clock();
  const tokenHash = ctx.staff.hashOf(input.sessionToken);
  // A member's wrong codes across every sign-in, 10 a day: the password's own limit would otherwise allow thousands
  // of guesses. Checked (and spent) outside the transaction: the limiter has its own rows.
  const [pending] = await ctx.db
    .select({ staffId: staffSessions.staffId })
    .from(staffSessions)
    .where(eq(staffSessions.tokenHash, tokenHash));
  const limitKey = `staff:${pending?.staffId ?? ''}`;
  if (pending) await ctx.rateLimits.accessCodeFailures.check(limitKey);
  const outcome = await lockingTransaction(ctx.db, async (tx) => {
    const [session] = await tx
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.tokenHash, tokenHash))
      .for('update');
    if (session?.stage !== 'password' || !staffSessionStands(session, now)) return 'ended' as const;
    const [member] = await tx
      .select()
      .from(staffMembers)
      .where(eq(staffMembers.id, session.staffId))
      .for('update');
    if (!member || member.disabledAt) return 'ended' as const;
    const accepted = await acceptCode(ctx, tx, { member, enrolSeed: session.enrolSeed }, code, now);
    const by = { kind: 'staff', staffId: member.id, role: member.role } as const;
    if (!accepted) {
      const failures = session.failures + 1;
      // Counted in this transaction, which commits: the refusal is thrown after it.
      if (failures >= STAFF_CODE_TRIES)
        await tx.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
      else await tx.update(staffSessions).set({ failures }).where(eq(staffSessions.tokenHash, tokenHash));
      await writeAudit(tx, {
        by,
        action: 'staff.code_refused',
        subject: { type: 'staff', id: member.id },
        after: { failures },
        at: now,
      });
      return failures >= STAFF_CODE_TRIES ? ('ended' as const) : ('wrong' as const);
    }
    const { token, hash } = ctx.staff.newToken();
    await tx.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
    await tx
      .insert(staffSessions)
      .values({ tokenHash: hash, staffId: member.id, stage: 'signed_in', createdAt: now, lastSeenAt: now });
    await writeAudit(tx, {
      by,
      action: 'staff.signed_in',
      subject: { type: 'staff', id: member.id },
      after: { secondFactor: accepted.by },
      at: now,
    });
    return { sessionToken: token };
  });
  if (outcome === 'wrong' || outcome === 'ended') {
    if (pending && outcome === 'wrong') await ctx.rateLimits.accessCodeFailures.take(limitKey);
    throw refuse('code', outcome === 'ended' ? 'staff_error_session' : 'staff_error_code');
  }
  return outcome;
}

/** Whether `code` passes for `member` now (and spends it), and how. */
async function acceptCode(
  ctx: Pick<StaffContext, 'staff'>,
  tx: Tx,
  pending: { member: Member; enrolSeed: string | null },
  code: string,
  now: Date,
): Promise<{ by: 'app' | 'recovery_code' } | undefined> {
  const { member, enrolSeed } = pending;
  // Setting up: the secret this sign-in offered; else the member's own.
  const offer =
    !member.totpConfirmedAt && enrolSeed !== null
      ? staffEnrolment(ctx.staff, enrolSeed, member.email)
      : undefined;
  const secret = offer ? offer.secret : member.totpSecret;
  const step = secret ? ctx.staff.totpStep(secret, code, now) : undefined;
  if (step !== undefined && step > (member.totpLastStep ?? -1)) {
    await tx
      .update(staffMembers)
      .set({ totpLastStep: step, ...(offer ? { totpSecret: offer.secret, totpConfirmedAt: now } : {}) })
      .where(eq(staffMembers.id, member.id));
    if (offer) {
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, member.id));
      await tx
        .insert(staffRecoveryCodes)
        .values(
          offer.recoveryCodes.map((plain) => ({ staffId: member.id, codeHash: ctx.staff.hashOf(plain) })),
        );
    }
    return { by: 'app' };
  }
  const recovery = member.totpConfirmedAt ? recoveryCodeOf(code) : undefined;
  if (!recovery) return undefined;
  const [used] = await tx
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, member.id),
        eq(staffRecoveryCodes.codeHash, ctx.staff.hashOf(recovery)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ codeHash: staffRecoveryCodes.codeHash });
  if (!used) return undefined;
  await writeAudit(tx, {
    by: { kind: 'staff', staffId: member.id, role: member.role },
    action: 'staff.recovery_code_used',
    subject: { type: 'staff', id: member.id },
    at: now,
  });
  return { by: 'recovery_code' };
}

/** Use case: the staff sign-in's second step, from `/staff/code`, in the session its cookie names; on to the console. */
export const staffCodeStep = defineUseCase({
  name: 'staff-second-factor',
  input: staffCodeSchema,
  async run(ctx, input) {
    const signedIn = await staffSecondFactor(ctx, { ...input, sessionToken: ctx.session.staffToken ?? '' });
    ctx.session.keepStaffSession(signedIn.sessionToken);
  },
  route: { method: 'POST', path: '/staff/session/code', caller: 'browser', status: 204 },
  form: { next: (_done, ctx) => localizePath('/staff', ctx.locale) },
  refusals: [401, 422, 429],
});
