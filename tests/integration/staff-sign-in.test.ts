import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { staffSessions } from '../../src/server/db/schema/staff.ts';
import { createRateLimits } from '../../src/server/http/rate-limits.ts';
import { useCasePorts } from '../../src/server/http/use-case-ports.ts';
import { auditEntries } from '../../src/server/services/audit.ts';
import {
  endStaffSession,
  pendingStaffSignIn,
  staffActorOf,
} from '../../src/server/services/staff-session.ts';
import { staffOf } from '../../src/server/use-cases/staff-actor.ts';
import { addStaffMember } from '../../src/server/use-cases/staff-add.ts';
import { staffSecondFactor } from '../../src/server/use-cases/staff-second-factor.ts';
import { setUpStaffPassword } from '../../src/server/use-cases/staff-set-up.ts';
import { staffSignIn, type PasswordAccepted } from '../../src/server/use-cases/staff-sign-in.ts';
import { Refused } from '../../src/server/validation-errors.ts';
import { TEST_LINK_SECRET, testApp } from '../support/app.ts';
import { testDatabases } from '../support/databases.ts';

const password = 'Loket-Batam-2005!';
const start = new Date('2026-11-26T01:00:00Z');
const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });

/** The refusal's status and first message key, or 'accepted'. */
async function outcome(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'accepted';
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    const [first] = Object.values(error.errors).flat();
    return `${String(error.status)} ${first?.key ?? ''}`;
  }
}

describe.each(testDatabases)('staff sign-in with a second factor on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let now = start;
  const minutes = (n: number) => (now = new Date(now.getTime() + n * 60_000));
  let ctx: Parameters<typeof staffSignIn>[0] & Parameters<typeof setUpStaffPassword>[0];

  beforeAll(async () => {
    ({ handle, drop } = await database.create());
    ctx = {
      db: handle.db,
      clock: () => now,
      auth: useCasePorts.auth,
      staff: useCasePorts.staff,
      rateLimits: createRateLimits(() => Promise.resolve(handle.db), {
        holds: 100,
        lookups: 100,
        codeFailures: 100,
      }),
      address: '203.0.113.7',
      linkSecret: () => TEST_LINK_SECRET,
    };
  });
  afterAll(() => drop());

  async function addedAndSetUp(email: string, role: 'agent' | 'admin') {
    const { setUpToken, id } = await addStaffMember(ctx, { email, fullName: 'Rina Agen', role }, 'system');
    await setUpStaffPassword(ctx, { token: setUpToken, password, passwordConfirmation: password });
    return id;
  }

  it("adds a member by a one-time set-up link, which sets a password by the accounts' rules once", async () => {
    const { setUpToken } = await addStaffMember(
      ctx,
      { email: 'Admin@SegaraFerry.co.id', fullName: 'Ayu Admin', role: 'admin' },
      'system',
    );
    expect(
      await outcome(
        addStaffMember(ctx, { email: 'admin@segaraferry.co.id', fullName: 'X', role: 'agent' }, 'system'),
      ),
    ).toBe('409 staff_error_email_taken');
    const weak = { token: setUpToken, password: 'Password1!', passwordConfirmation: 'Password1!' };
    expect(await outcome(setUpStaffPassword(ctx, weak))).toBe('400 account_password_common');
    const good = { token: setUpToken, password, passwordConfirmation: password };
    expect(await outcome(setUpStaffPassword(ctx, good))).toBe('accepted');
    expect(await outcome(setUpStaffPassword(ctx, good))).toBe('422 staff_error_link');
    // A link left 48 hours runs out.
    const late = await addStaffMember(
      ctx,
      { email: 'late@segaraferry.co.id', fullName: 'L', role: 'agent' },
      'system',
    );
    minutes(48 * 60);
    expect(
      await outcome(
        setUpStaffPassword(ctx, { token: late.setUpToken, password, passwordConfirmation: password }),
      ),
    ).toBe('422 staff_error_link');
  });

  it('sets the second factor up at the first sign-in, then asks for a fresh code each time', async () => {
    now = start;
    const email = 'agent.one@segaraferry.co.id';
    await addedAndSetUp(email, 'agent');
    expect(await outcome(staffSignIn(ctx, { email, password: 'Wrong-Pass-2026!' }))).toBe(
      '400 staff_error_sign_in',
    );
    expect(await outcome(staffSignIn(ctx, { email: 'nobody@segaraferry.co.id', password }))).toBe(
      '400 staff_error_sign_in',
    );

    const first = await staffSignIn(ctx, { email: email.toUpperCase(), password });
    if (first.next.step !== 'enrol') throw new Error('expected the set-up of the second factor');
    expect(first.next.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const { secret } = first.next;
    // Not signed in yet: the password alone opens nothing.
    expect(await staffActorOf(handle.db, useCasePorts.staff, first.sessionToken, now)).toBeUndefined();
    expect(await outcome(staffSecondFactor(ctx, { sessionToken: first.sessionToken, code: '000000' }))).toBe(
      '422 staff_error_code',
    );
    // Each sign-in offers its own secret: one seen earlier is worth nothing once another is confirmed.
    const seenEarlier = await staffSignIn(ctx, { email, password });
    expect(seenEarlier.next).not.toEqual(first.next);
    const shown = await pendingStaffSignIn(handle.db, useCasePorts.staff, first.sessionToken, now);
    const recoveryCodes = shown?.enrol?.recoveryCodes ?? [];
    expect(shown?.enrol?.secret).toBe(secret);
    const enrolled = await staffSecondFactor(ctx, {
      sessionToken: first.sessionToken,
      code: codeAt(secret, now),
    });
    if (seenEarlier.next.step === 'enrol') {
      const other = seenEarlier.next.secret;
      const late = staffSecondFactor(ctx, {
        sessionToken: seenEarlier.sessionToken,
        code: codeAt(other, now),
      });
      expect(await outcome(late)).toBe('422 staff_error_code');
    }
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    const actor = await staffActorOf(handle.db, useCasePorts.staff, enrolled.sessionToken, now);
    expect(actor).toMatchObject({ kind: 'staff', role: 'agent' });
    // The password's session token was replaced, not promoted.
    expect(await staffActorOf(handle.db, useCasePorts.staff, first.sessionToken, now)).toBeUndefined();

    // The next sign-in: the same code again (the same 30 seconds) is refused; the next step's code passes.
    const again = await staffSignIn(ctx, { email, password });
    expect(again.next).toEqual({ step: 'code' });
    expect(
      await outcome(staffSecondFactor(ctx, { sessionToken: again.sessionToken, code: codeAt(secret, now) })),
    ).toBe('422 staff_error_code');
    // An expired code (three steps old) is refused too.
    now = new Date(now.getTime() + 30_000);
    const old = codeAt(secret, new Date(now.getTime() - 90_000));
    expect(await outcome(staffSecondFactor(ctx, { sessionToken: again.sessionToken, code: old }))).toBe(
      '422 staff_error_code',
    );
    expect(
      await outcome(staffSecondFactor(ctx, { sessionToken: again.sessionToken, code: codeAt(secret, now) })),
    ).toBe('accepted');

    // A recovery code, typed in lower case without its dash, works once.
    const recovery = recoveryCodes[3] ?? '';
    const lost = await staffSignIn(ctx, { email, password });
    const typed = recovery.replace('-', '').toLowerCase();
    expect(await outcome(staffSecondFactor(ctx, { sessionToken: lost.sessionToken, code: typed }))).toBe(
      'accepted',
    );
    const lostAgain = await staffSignIn(ctx, { email, password });
    expect(
      await outcome(staffSecondFactor(ctx, { sessionToken: lostAgain.sessionToken, code: recovery })),
    ).toBe('422 staff_error_code');

    const history = await auditEntries(handle.db, { action: 'staff.' });
    const ofMember = history.filter((row) => row.subjectId === actor?.staffId);
    // Every wrong code is in the log too: 000000, the other sign-in's secret, the reused, the expired, the spent.
    expect(ofMember.filter((row) => row.action === 'staff.code_refused')).toHaveLength(5);
    const mine = ofMember.filter((row) => row.action !== 'staff.code_refused').map((row) => row.action);
    expect(mine).toEqual([
      'staff.signed_in',
      'staff.recovery_code_used',
      'staff.signed_in',
      'staff.signed_in',
      'staff.set_up',
      'staff.added',
    ]);
    expect(JSON.stringify(history)).not.toContain(password);
  });

  it('ends a session after 30 idle minutes or 8 hours, a pending one after 5 minutes or 5 wrong codes', async () => {
    now = start;
    const email = 'agent.two@segaraferry.co.id';
    await addedAndSetUp(email, 'agent');
    const signIn = async (): Promise<{ accepted: PasswordAccepted; secret: string }> => {
      const accepted = await staffSignIn(ctx, { email, password });
      return { accepted, secret: accepted.next.step === 'enrol' ? accepted.next.secret : enrolledSecret };
    };
    let enrolledSecret = '';
    const first = await signIn();
    enrolledSecret = first.secret;
    const { sessionToken } = await staffSecondFactor(ctx, {
      sessionToken: first.accepted.sessionToken,
      code: codeAt(enrolledSecret, now),
    });
    const actorAt = () => staffActorOf(handle.db, useCasePorts.staff, sessionToken, now);
    for (let i = 0; i < 16; i++) {
      minutes(29);
      expect(await actorAt(), `after ${String((i + 1) * 29)} minutes of use`).toBeDefined();
    }
    minutes(20); // 8 hours and 4 minutes after the sign-in
    expect(await actorAt()).toBeUndefined();

    now = new Date(now.getTime() + 60_000);
    const idle = await signIn();
    const idleSession = await staffSecondFactor(ctx, {
      sessionToken: idle.accepted.sessionToken,
      code: codeAt(enrolledSecret, now),
    });
    minutes(31);
    expect(await staffActorOf(handle.db, useCasePorts.staff, idleSession.sessionToken, now)).toBeUndefined();

    const slow = await signIn();
    minutes(6);
    expect(
      await outcome(
        staffSecondFactor(ctx, {
          sessionToken: slow.accepted.sessionToken,
          code: codeAt(enrolledSecret, now),
        }),
      ),
    ).toBe('401 staff_error_session');

    const guesser = await signIn();
    for (let i = 0; i < 4; i++)
      expect(
        await outcome(
          staffSecondFactor(ctx, { sessionToken: guesser.accepted.sessionToken, code: '123456' }),
        ),
      ).toBe('422 staff_error_code');
    expect(
      await outcome(staffSecondFactor(ctx, { sessionToken: guesser.accepted.sessionToken, code: '123456' })),
    ).toBe('401 staff_error_session');
    expect(
      await handle.db
        .select()
        .from(staffSessions)
        .where(eq(staffSessions.tokenHash, useCasePorts.staff.hashOf(guesser.accepted.sessionToken))),
    ).toEqual([]);

    // Signing out ends it at once.
    minutes(1);
    const out = await signIn();
    const outSession = await staffSecondFactor(ctx, {
      sessionToken: out.accepted.sessionToken,
      code: codeAt(enrolledSecret, now),
    });
    await endStaffSession(handle.db, useCasePorts.staff, outSession.sessionToken);
    expect(await staffActorOf(handle.db, useCasePorts.staff, outSession.sessionToken, now)).toBeUndefined();
  });

  it("answers the staff API's doors: 401 to a caller that is not this site's page, a spent link 422", async () => {
    const app = testApp(handle.db, () => now);
    const post = (path: string, body: unknown, method = 'POST') =>
      app.request(`/api${path}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('/staff/session', { email: 'agent.one@segaraferry.co.id', password })).status).toBe(
      401,
    );
    expect((await post('/staff/session/code', { code: '123456' })).status).toBe(401);
    expect((await post('/staff/session', {}, 'DELETE')).status).toBe(401);
    const spent = await post('/staff/set-up', {
      token: 'x'.repeat(43),
      password,
      passwordConfirmation: password,
    });
    expect(spent.status).toBe(422);
    expect(JSON.stringify(await spent.json())).toContain('set-up link');
  });

  it("lets each role do its own work: nobody 401, a traveller 403, an agent 403 at an admin's", async () => {
    const work = (actor: Parameters<typeof staffOf>[0]['actor'], needed: 'agent' | 'admin') =>
      outcome(Promise.resolve().then(() => staffOf({ actor }, needed)));
    expect(await work({ kind: 'guest' }, 'agent')).toBe('401 staff_sign_in_required');
    expect(await work({ kind: 'account', userId: 'u' }, 'agent')).toBe('403 staff_role_required');
    expect(await work({ kind: 'staff', staffId: 's', role: 'agent' }, 'admin')).toBe(
      '403 staff_role_required',
    );
    expect(await work({ kind: 'staff', staffId: 's', role: 'agent' }, 'agent')).toBe('accepted');
    expect(await work({ kind: 'staff', staffId: 's', role: 'admin' }, 'admin')).toBe('accepted');
  });
});
