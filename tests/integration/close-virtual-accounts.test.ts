import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { paymentReceipts, payments } from '../../src/server/db/schema/payments.ts';
import { paymentAnomalies } from '../../src/server/db/schema/anomalies.ts';
import { closeVirtualAccounts } from '../../src/server/jobs/close-virtual-accounts.ts';
import { expireBookings } from '../../src/server/jobs/expire-bookings.ts';
import {
  GatewayUnavailable,
  GatewayUnreachable,
  type PaymentGateway,
} from '../../src/server/payments/gateway.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox.ts';
import { paySandboxAccount } from '../../src/server/payments/sandbox-accounts.ts';
import { TEST_SANDBOX_SECRET, testApp } from '../support/app.ts';
import { bookingReadyToPay, pay } from '../support/booking-flow.ts';
import { pglite, seeded } from '../support/databases.ts';
import { gateway as xendit, requests, useFakeXendit } from '../support/fake-xendit.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const start = new Date('2026-11-21T10:00:00Z');
useFakeXendit();

/**
 * The sweeper closes the VAs of attempts that ended unpaid, so a payer who kept the number cannot pay for seats the
 * booking no longer holds; both gateways close for real and say so when asked.
 */
describe('closing the virtual accounts of expired bookings', () => {
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

  const attemptOf = async (bookingId: string) => {
    const [attempt] = await handle.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    if (!attempt?.gatewayAccountId) throw new Error('no VA was issued');
    return {
      ...attempt,
      ref: { gatewayAccountId: attempt.gatewayAccountId, externalId: attempt.externalId },
    };
  };

  async function awaitingPayment(gateway: PaymentGateway, date: string) {
    const app = testApp(handle.db, clock, gateway);
    const { id } = await bookingReadyToPay(app, { date });
    expect((await pay(app, id, 'bri')).status).toBe(200);
    return attemptOf(id);
  }

  it('closes the sandbox VA of an expired booking: the bank then refuses the money, and the queue empties', async () => {
    const attempt = await awaitingPayment(sandbox, '2026-12-02');
    expect(await sandbox.attemptStatus(attempt.ref)).toEqual({ kind: 'open' });
    // Nothing to close while the booking still waits for its payment.
    expect(await closeVirtualAccounts(handle.db, sandbox, clock)).toBe(0);

    now = new Date(attempt.expiresAt.getTime() + 1000);
    expect(await expireBookings(handle.db, now)).toEqual([attempt.bookingId]);
    expect(await closeVirtualAccounts(handle.db, sandbox, clock)).toBe(1);

    expect((await attemptOf(attempt.bookingId)).vaClosedAt).toEqual(now);
    expect(await sandbox.attemptStatus(attempt.ref)).toEqual({ kind: 'closed' });
    expect(await paySandboxAccount(handle.db, attempt.ref.gatewayAccountId, attempt.amount, now)).toEqual({
      refused: 'closed',
    });
    expect(await closeVirtualAccounts(handle.db, sandbox, clock)).toBe(0);
  });

  it('closes a VA whose deadline is still ahead (an attempt ended early) before a payer can use it', async () => {
    const attempt = await awaitingPayment(sandbox, '2026-12-03');
    await handle.db.update(payments).set({ status: 'expired' }).where(eq(payments.id, attempt.id));

    expect(await closeVirtualAccounts(handle.db, sandbox, clock)).toBe(1);
    expect(await paySandboxAccount(handle.db, attempt.ref.gatewayAccountId, attempt.amount, now)).toEqual({
      refused: 'closed',
    });
  });

  it('says paid, with the payment, for a sandbox VA the simulator paid; closing it then changes nothing', async () => {
    const attempt = await awaitingPayment(sandbox, '2026-12-04');
    const paid = await paySandboxAccount(handle.db, attempt.ref.gatewayAccountId, attempt.amount, now);
    if (!('paid' in paid)) throw new Error('the open VA refused the payment');

    expect(await sandbox.attemptStatus(attempt.ref)).toEqual({
      kind: 'paid',
      payments: [
        {
          externalId: attempt.externalId,
          gatewayPaymentId: paid.paid.paymentId,
          amount: attempt.amount,
          paidAt: now,
        },
      ],
    });
    expect(await paySandboxAccount(handle.db, attempt.ref.gatewayAccountId, 1, now)).toEqual({
      refused: 'paid',
    });
    expect(await sandbox.closeAttempt(attempt.ref)).toBe('already_inactive');
    expect(await sandbox.closeAttempt({ gatewayAccountId: 'sandbox-va-none', externalId: 'none' })).toBe(
      'not_found',
    );
    await expect(sandbox.attemptStatus({ ...attempt.ref, externalId: 'other' })).rejects.toBeInstanceOf(
      GatewayUnavailable,
    );
  });

  it('keeps the VA queued while the gateway is unreachable, and closes it on a later sweep', async () => {
    const attempt = await awaitingPayment(sandbox, '2026-12-05');
    await handle.db.update(payments).set({ status: 'expired' }).where(eq(payments.id, attempt.id));
    const down: PaymentGateway = {
      ...sandbox,
      closeAttempt: () => Promise.reject(new GatewayUnreachable('Xendit unreachable to close VA')),
    };

    expect(await closeVirtualAccounts(handle.db, down, clock)).toBe(0);
    expect((await attemptOf(attempt.bookingId)).vaClosedAt).toBeNull();
    expect(await closeVirtualAccounts(handle.db, sandbox, clock)).toBe(1);
  });

  it('goes on past a VA the gateway refuses to close, and tries it again later', async () => {
    const refused = await awaitingPayment(sandbox, '2026-12-07');
    const next = await awaitingPayment(sandbox, '2026-12-08');
    await handle.db.update(payments).set({ status: 'expired' }).where(eq(payments.id, refused.id));
    await handle.db.update(payments).set({ status: 'expired' }).where(eq(payments.id, next.id));
    const picky: PaymentGateway = {
      ...sandbox,
      closeAttempt: (ref) =>
        ref.gatewayAccountId === refused.ref.gatewayAccountId
          ? Promise.reject(new GatewayUnavailable('Xendit answered 400 (API_VALIDATION_ERROR) to close VA'))
          : sandbox.closeAttempt(ref),
    };
    expect(await closeVirtualAccounts(handle.db, picky, clock)).toBe(1);
    expect((await attemptOf(next.bookingId)).vaClosedAt).not.toBeNull();
    expect((await attemptOf(refused.bookingId)).vaClosedAt).toBeNull();
    expect(await closeVirtualAccounts(handle.db, sandbox, clock)).toBe(1);
  });

  it('records a payment the gateway says a closed attempt took when no callback ever reached us', async () => {
    const attempt = await awaitingPayment(sandbox, '2026-12-09');
    // The bank took the money; its callback never arrived.
    await paySandboxAccount(handle.db, attempt.ref.gatewayAccountId, attempt.amount, now);
    await handle.db.update(payments).set({ status: 'expired' }).where(eq(payments.id, attempt.id));

    expect(await closeVirtualAccounts(handle.db, sandbox, clock)).toBe(1);
    // The gateway names the payment: recorded as its callback would have been (paid, its seats still free), not
    // left to a person. Money it cannot name stays an anomaly (settle-due-attempts.test.ts, 'paid_unlisted').
    const receipts = await handle.db
      .select()
      .from(paymentReceipts)
      .where(eq(paymentReceipts.paymentId, attempt.id));
    expect(receipts.map((r) => r.outcome)).toEqual(['confirmed']);
    expect(await handle.db.select().from(paymentAnomalies)).toEqual([]);
  });

  it("closes a Xendit VA of an expired booking with Xendit's API", async () => {
    const gateway = xendit();
    const attempt = await awaitingPayment(gateway, '2026-12-06');
    requests.length = 0;

    now = new Date(attempt.expiresAt.getTime() + 1000);
    await expireBookings(handle.db, now);
    expect(await closeVirtualAccounts(handle.db, gateway, clock)).toBe(1);

    // Past its deadline Xendit already took it out of use: the job then asks whether it was paid (it was not).
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `PATCH /callback_virtual_accounts/${attempt.ref.gatewayAccountId}`,
      `GET /callback_virtual_accounts/${attempt.ref.gatewayAccountId}`,
    ]);
    expect(await handle.db.select().from(paymentAnomalies)).toHaveLength(0);
    expect((await attemptOf(attempt.bookingId)).vaClosedAt).toEqual(now);
    expect(await gateway.attemptStatus(attempt.ref)).toEqual({ kind: 'closed' });
  });
});
