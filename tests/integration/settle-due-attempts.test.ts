import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import { payments, tickets } from '../../src/server/db/schema/payments.ts';
import { paymentAnomalies } from '../../src/server/db/schema/anomalies.ts';
import { closeVirtualAccounts } from '../../src/server/jobs/close-virtual-accounts.ts';
import { expireBookings } from '../../src/server/jobs/expire-bookings.ts';
import { settleDueAttempts } from '../../src/server/jobs/settle-due-attempts.ts';
import { GatewayUnreachable, type PaymentGateway } from '../../src/server/payments/gateway.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox.ts';
import { paySandboxAccount } from '../../src/server/payments/sandbox-accounts.ts';
import { TEST_SANDBOX_SECRET, testApp } from '../support/app.ts';
import { bookingReadyToPay, pay } from '../support/booking-flow.ts';
import { pglite, seeded } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const start = new Date('2026-11-21T10:00:00Z');
/** Just past the 60-minute payment deadline of a booking paid for at `start`. */
const pastDeadline = new Date(start.getTime() + 61 * 60_000);

/**
 * Before a booking awaiting payment expires, the sweeper asks the gateway about its VA: a payment whose callback
 * never came confirms the booking; an open VA is closed first, so no one pays into a booking about to be released.
 */
describe('settling virtual accounts before their bookings expire', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let now = start;
  const clock = () => now;
  const sandbox = createSandboxGateway({
    secret: TEST_SANDBOX_SECRET,
    database: () => Promise.resolve(handle.db),
    clock,
  });

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await pglite.create(), start, 30));
  });
  afterAll(() => drop());
  beforeEach(() => {
    now = start;
  });

  async function awaitingPayment(date: string) {
    const app = testApp(handle.db, clock, sandbox);
    const { id } = await bookingReadyToPay(app, { date });
    expect((await pay(app, id, 'bni')).status).toBe(200);
    const [attempt] = await handle.db.select().from(payments).where(eq(payments.bookingId, id));
    if (!attempt?.gatewayAccountId) throw new Error('no VA was issued');
    return { ...attempt, gatewayAccountId: attempt.gatewayAccountId };
  }
  /** The booking falls due while its VA still takes payments at the gateway (clocks differ, a deadline moved). */
  async function dueWhileOpen(bookingId: string) {
    await handle.db
      .update(bookings)
      .set({ expiresAt: new Date(start.getTime() + 30 * 60_000) })
      .where(eq(bookings.id, bookingId));
    now = new Date(start.getTime() + 31 * 60_000);
  }
  const statusOf = async (id: string) =>
    (await handle.db.select().from(bookings).where(eq(bookings.id, id)))[0]?.status;

  it('confirms a booking whose VA was paid when no callback reached us, instead of expiring it', async () => {
    const attempt = await awaitingPayment('2026-12-04');
    await paySandboxAccount(handle.db, attempt.gatewayAccountId, attempt.amount, start); // the callback is lost
    now = pastDeadline;

    expect(await settleDueAttempts(handle.db, sandbox, clock)).toEqual(['recorded']);
    expect(await statusOf(attempt.bookingId)).toBe('paid');
    expect(
      await handle.db.select().from(tickets).where(eq(tickets.bookingId, attempt.bookingId)),
    ).toHaveLength(1);
    expect(await expireBookings(handle.db, now)).not.toContain(attempt.bookingId);
  });

  it('marks a VA the gateway already expired as closed, with nothing to close, and the booking expires', async () => {
    const attempt = await awaitingPayment('2026-12-09');
    now = pastDeadline;
    expect(await settleDueAttempts(handle.db, sandbox, clock)).toEqual(['closed']);
    expect(await expireBookings(handle.db, now)).toContain(attempt.bookingId);
    expect(await closeVirtualAccounts(handle.db, sandbox, clock)).toBe(0);
  });

  it('closes a VA still open at the gateway before its booking expires: the bank then refuses the money', async () => {
    const attempt = await awaitingPayment('2026-12-05');
    await dueWhileOpen(attempt.bookingId);

    expect(await settleDueAttempts(handle.db, sandbox, clock)).toEqual(['closed']);
    expect(await paySandboxAccount(handle.db, attempt.gatewayAccountId, attempt.amount, now)).toEqual({
      refused: 'closed',
    });
    expect(await expireBookings(handle.db, now)).toContain(attempt.bookingId);
    expect(await closeVirtualAccounts(handle.db, sandbox, clock)).toBe(0); // nothing left to close
  });

  it('leaves a booking whose deadline is still ahead alone', async () => {
    const attempt = await awaitingPayment('2026-12-06');
    expect(await settleDueAttempts(handle.db, sandbox, clock)).toEqual([]);
    expect(await statusOf(attempt.bookingId)).toBe('awaiting_payment');
    now = pastDeadline;
    await settleDueAttempts(handle.db, sandbox, clock); // tidy for the next tests
  });

  it('records a payment made between the question and the close', async () => {
    const attempt = await awaitingPayment('2026-12-07');
    await dueWhileOpen(attempt.bookingId);
    // The bank pays the VA right after the gateway said "open".
    const racing: PaymentGateway = {
      ...sandbox,
      closeAttempt: async (ref) => {
        await paySandboxAccount(handle.db, ref.gatewayAccountId, attempt.amount, now);
        return sandbox.closeAttempt(ref);
      },
    };
    expect(await settleDueAttempts(handle.db, racing, clock)).toEqual(['recorded']);
    expect(await statusOf(attempt.bookingId)).toBe('paid');
  });

  it('asks a sweep ahead: a lost payment confirms while the hold still counts; an open VA is left to be paid', async () => {
    const paid = await awaitingPayment('2026-12-10');
    const open = await awaitingPayment('2026-12-11');
    await paySandboxAccount(handle.db, paid.gatewayAccountId, paid.amount, start);
    now = new Date(start.getTime() + 59.6 * 60_000); // 24 s before both deadlines, a sweep interval is 30 s
    expect(await settleDueAttempts(handle.db, sandbox, clock, { lookaheadMs: 30_000 })).toEqual(['recorded']);
    expect(await statusOf(paid.bookingId)).toBe('paid');
    expect(await statusOf(open.bookingId)).toBe('awaiting_payment');
    expect(await paySandboxAccount(handle.db, open.gatewayAccountId, open.amount, now)).toHaveProperty(
      'paid',
    );
    now = pastDeadline;
    expect(await settleDueAttempts(handle.db, sandbox, clock)).toEqual(['recorded']);
  });

  it('tells the agency once of a VA the gateway says was paid but cannot say by what, however many sweepers ask', async () => {
    const attempt = await awaitingPayment('2026-12-12');
    now = pastDeadline;
    const unlisted: PaymentGateway = {
      ...sandbox,
      attemptStatus: () => Promise.resolve({ kind: 'paid', payments: [] }),
    };
    const both = await Promise.all([
      settleDueAttempts(handle.db, unlisted, clock),
      settleDueAttempts(handle.db, unlisted, clock),
    ]);
    expect(both.flat()).toEqual(['paid_unlisted']);
    const kept = await handle.db.select().from(paymentAnomalies);
    expect(kept.map((anomaly) => anomaly.body)).toEqual([expect.stringContaining(attempt.externalId)]);
    await handle.db.delete(paymentAnomalies);
    expect(await expireBookings(handle.db, now)).toContain(attempt.bookingId);
  });

  it('expires as before while the gateway is unreachable, and the VA is closed on a later sweep', async () => {
    const attempt = await awaitingPayment('2026-12-08');
    now = pastDeadline;
    const down: PaymentGateway = {
      ...sandbox,
      attemptStatus: () => Promise.reject(new GatewayUnreachable('Xendit unreachable')),
    };
    expect(await settleDueAttempts(handle.db, down, clock)).toEqual([]);
    expect(await expireBookings(handle.db, now)).toContain(attempt.bookingId);
    expect(await closeVirtualAccounts(handle.db, sandbox, clock)).toBe(1);
    expect(await handle.db.select().from(paymentAnomalies)).toEqual([]);
  });
});
