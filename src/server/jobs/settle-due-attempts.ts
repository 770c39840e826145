import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { bookings } from '../db/schema/bookings.ts';
import { payments } from '../db/schema/payments.ts';
import {
  GatewayUnavailable,
  GatewayUnreachable,
  type PaymentGateway,
  type AttemptRef,
} from '../payments/gateway.ts';
import { refundDueOn } from '../calendar/indonesian-holidays.ts';
import { recordAnomaly } from '../services/record-anomaly.ts';
import { recordReportedPayment } from '../use-cases/record-payment.ts';
import { log } from '../observability/log.ts';
import { countPaymentFoundByAsking } from '../observability/metrics.ts';

/** Recorded: the gateway's payment went through recordPayment. Paid unlisted: paid, but the gateway cannot say by what. */
export type Settlement = 'recorded' | 'closed' | 'paid_unlisted';

/**
 * Before the sweeper expires a booking awaiting payment, asks the gateway about its virtual account, so a payment
 * whose callback was lost does not let the booking expire: paid, the payment is recorded as a callback would be;
 * still open once the deadline has passed, the VA is closed at the gateway first, so nobody pays into a booking
 * about to be released. Then `expireBookings` releases what is left. Network calls run outside any transaction.
 *
 * It asks from `lookaheadMs` before the deadline (one sweep interval): a lost payment is then recorded while the
 * hold still counts its seats, and Xendit, which can tell "paid" from "expired" only while the VA has not expired,
 * still can. One pass over at most `batch` attempts per sweep: one the gateway cannot answer about now expires as
 * before, and `closeVirtualAccounts` closes its VA later. While the gateway is unreachable the pass stops.
 */
export async function settleDueAttempts(
  db: Database,
  gateway: PaymentGateway,
  clock: () => Date,
  options: { batch?: number; lookaheadMs?: number } = {},
): Promise<Settlement[]> {
  const now = clock();
  const due = await db
    .select({
      id: payments.id,
      externalId: payments.externalId,
      gatewayAccountId: payments.gatewayAccountId,
      method: payments.method,
      expiresAt: bookings.expiresAt,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(
      and(
        eq(bookings.status, 'awaiting_payment'),
        lte(bookings.expiresAt, new Date(now.getTime() + (options.lookaheadMs ?? 0))),
        eq(payments.status, 'pending'),
        isNull(payments.vaClosedAt),
        isNotNull(payments.gatewayAccountId),
        eq(payments.gateway, gateway.name),
      ),
    )
    .orderBy(asc(bookings.expiresAt))
    .limit(options.batch ?? 50);
  const settled: Settlement[] = [];
  for (const attempt of due) {
    if (!attempt.gatewayAccountId) continue;
    const ref = {
      gatewayAccountId: attempt.gatewayAccountId,
      externalId: attempt.externalId,
      method: attempt.method,
    };
    const deadlinePassed = (attempt.expiresAt?.getTime() ?? 0) <= now.getTime();
    try {
      const outcome = await settle(db, gateway, clock, attempt.id, ref, deadlinePassed);
      if (outcome) settled.push(outcome);
    } catch (error) {
      if (error instanceof GatewayUnreachable) return settled;
      if (!(error instanceof GatewayUnavailable)) throw error;
      log.warn(
        { err: error, va: ref.gatewayAccountId },
        'settling a VA before expiry failed; expiring it as usual',
      );
    }
  }
  return settled;
}

/** Marks the attempt's VA as taking nothing any more; false when another process did first. */
async function markClosed(db: Database, attemptId: string, at: Date): Promise<boolean> {
  const marked = await db
    .update(payments)
    .set({ vaClosedAt: at })
    .where(and(eq(payments.id, attemptId), isNull(payments.vaClosedAt)))
    .returning({ id: payments.id });
  return marked.length > 0;
}

async function settle(
  db: Database,
  gateway: PaymentGateway,
  clock: () => Date,
  attemptId: string,
  ref: AttemptRef,
  deadlinePassed: boolean,
): Promise<Settlement | undefined> {
  let state = await gateway.attemptStatus(ref);
  if (state.kind === 'open') {
    // Before the deadline the traveller may still pay: asked again at the next sweep.
    if (!deadlinePassed) return undefined;
    const closing = await gateway.closeAttempt(ref);
    // Paid in the moment between the question and the close: ask again, the money decides.
    if (closing === 'already_inactive') state = await gateway.attemptStatus(ref);
    else {
      if (closing === 'not_found')
        log.warn({ va: ref.gatewayAccountId }, 'the gateway has no such VA to close');
      state = { kind: 'closed' };
    }
  }
  if (state.kind === 'open') return undefined; // closed and open at once: the next sweep looks again
  if (state.kind === 'paid' && state.payments.length > 0) {
    // Paid, and no callback told us: callbacks are being lost (docs/operations.md, "Callbacks lost").
    countPaymentFoundByAsking();
    for (const payment of state.payments)
      await recordReportedPayment(payment, {
        db,
        clock,
        by: 'system',
        calendar: { refundDueOn },
      });
    return 'recorded';
  }
  // Closed, or paid without the gateway saying by what: either way the VA takes nothing more. Only the process
  // that marks it tells the agency of money it cannot match (the booking expires; a person must look).
  if (!(await markClosed(db, attemptId, clock()))) return undefined;
  if (state.kind === 'closed') return 'closed';
  await recordAnomaly(
    db,
    {
      gateway: gateway.name,
      reason: 'paid_without_callback',
      body: JSON.stringify({ ...ref, payments: [] }),
      receivedAt: clock(),
    },
    'system',
  );
  return 'paid_unlisted';
}
