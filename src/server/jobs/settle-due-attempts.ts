import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { bookings } from '../db/schema/bookings.ts';
import { payments } from '../db/schema/payments.ts';
import {
  GatewayUnavailable,
  GatewayUnreachable,
  type PaymentGateway,
  type VirtualAccountRef,
} from '../payments/gateway.ts';
import { recordAnomaly } from '../services/record-anomaly.ts';
import { recordReportedPayment } from '../use-cases/record-payment.ts';

/** Recorded: the gateway's payment went through recordPayment. Paid unlisted: paid, but the gateway cannot say by what. */
export type Settlement = 'recorded' | 'closed' | 'paid_unlisted';

/**
 * Before the sweeper expires a booking awaiting payment, asks the gateway about its virtual account, so a payment
 * whose callback was lost does not let the booking expire: paid, the payment is recorded as a callback would
 * (recordPayment confirms it when its seats are still free, as they are just past the deadline); still
 * open, the VA is closed at the gateway first, so nobody pays into a booking about to be released. Then
 * `expireBookings` releases what is left. Network calls run outside any transaction (house rule 11).
 *
 * One pass over at most `batch` due attempts per sweep: one the gateway cannot answer about now is left to
 * `expireBookings` and then `closeVirtualAccounts`, as before (an unannounced payment then becomes an anomaly for
 * the agency). While the gateway is unreachable the pass stops. Returns what happened to each VA it settled.
 */
export async function settleDueAttempts(
  db: Database,
  gateway: PaymentGateway,
  clock: () => Date,
  batch = 50,
): Promise<Settlement[]> {
  const due = await db
    .select({ id: payments.id, externalId: payments.externalId, gatewayAccountId: payments.gatewayAccountId })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(
      and(
        eq(bookings.status, 'awaiting_payment'),
        lte(bookings.expiresAt, clock()),
        eq(payments.status, 'pending'),
        isNull(payments.vaClosedAt),
        isNotNull(payments.gatewayAccountId),
        eq(payments.gateway, gateway.name),
      ),
    )
    .orderBy(asc(bookings.expiresAt))
    .limit(batch);
  const settled: Settlement[] = [];
  for (const attempt of due) {
    if (!attempt.gatewayAccountId) continue;
    const ref = { gatewayAccountId: attempt.gatewayAccountId, externalId: attempt.externalId };
    try {
      const outcome = await settle(db, gateway, clock, attempt.id, ref);
      if (outcome) settled.push(outcome);
    } catch (error) {
      if (error instanceof GatewayUnreachable) return settled;
      if (!(error instanceof GatewayUnavailable)) throw error;
      console.error(
        `settling VA ${ref.gatewayAccountId} before expiry failed; expiring it as usual:`,
        error.message,
      );
    }
  }
  return settled;
}

async function settle(
  db: Database,
  gateway: PaymentGateway,
  clock: () => Date,
  attemptId: string,
  ref: VirtualAccountRef,
): Promise<Settlement | undefined> {
  let state = await gateway.virtualAccountStatus(ref);
  if (state.kind === 'open') {
    const closing = await gateway.closeVirtualAccount(ref);
    // Paid in the moment between the question and the close: ask again, the money decides.
    if (closing === 'already_inactive') state = await gateway.virtualAccountStatus(ref);
    else state = { kind: 'closed' };
  }
  if (state.kind === 'paid') {
    if (state.payments.length === 0) {
      // The gateway knows the VA was paid but cannot list the payment: a person must look (the booking expires).
      await recordAnomaly(db, {
        gateway: gateway.name,
        reason: 'paid_without_callback',
        body: JSON.stringify({ ...ref, payments: [] }),
        receivedAt: clock(),
      });
      await db.update(payments).set({ vaClosedAt: clock() }).where(eq(payments.id, attemptId));
      return 'paid_unlisted';
    }
    for (const payment of state.payments) await recordReportedPayment(payment, { db, clock });
    return 'recorded';
  }
  await db.update(payments).set({ vaClosedAt: clock() }).where(eq(payments.id, attemptId));
  return 'closed';
}
