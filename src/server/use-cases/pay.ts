import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { assertMove, holdIsLive, paymentDeadline } from '../../domain/booking-lifecycle.ts';
import type { BookingPrice } from '../../domain/pricing.ts';
import { chosenMethod, payRequestSchema, type PayRequest } from '../../schemas/payment.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import {
  anySailingCancelled,
  legsStillFit,
  lockLedgerRowsOf,
  lockSailingsOfBooking,
} from '../db/queries/inventory.ts';
import { tariffs } from '../db/queries/tariffs.ts';
import { bookingLegs, bookingPassengers, bookings } from '../db/schema/bookings.ts';
import { sailings } from '../db/schema/network.ts';
import { payments } from '../db/schema/payments.ts';
import { issueAttempt, type IssuedColumns } from './issue-attempt.ts';
import { methodBank, type PaymentMethod } from '../../domain/payment-methods.ts';
import { queueCurrentStateMail, queueMailOnce } from '../db/queries/queue-mail.ts';
import { refuse } from '../validation-errors.ts';
import { localizePath } from '../../i18n/locales.ts';
import { bookingView } from '../services/booking-view.ts';
import { bookingAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';

/** The clock is read after each lock is granted, never once per request: a request may wait across a deadline. */
type Context = Pick<UseCaseContext, 'db' | 'gateway' | 'clock' | 'paymentWindowMinutes' | 'locale'>;

type Attempt = typeof payments.$inferSelect & { payerName: string; bookingCode: string };

/**
 * An attempt still `creating` this long after it began is taken to have died with its process (a gateway call
 * times out after 10 s): the next "Pay" replaces it instead of adopting it.
 */
const ATTEMPT_ABANDONED_MS = 60_000;

/** The booking's price with the chosen bank's transaction fee in place of the lowest one quoted so far. */
function withFee(price: BookingPrice, fee: number): BookingPrice {
  return { ...price, transactionFee: fee, total: price.total - price.transactionFee + fee };
}

/**
 * "Pay": issues what the chosen method issues (a virtual account, a hosted card session, a QRIS code) and moves the
 * booking to `awaiting_payment` until the deadline (60 minutes, never past the first sailing's booking cutoff), in
 * three steps so no network call runs inside a transaction:
 *  1. record the attempt (short transaction under the booking's lock);
 *  2. ask the gateway (no transaction; the attempt's external id is the gateway's idempotency key);
 *  3. confirm it (short transaction under the sailings' and the booking's locks, with the clock read then).
 * A second "Pay" with the same method while the first is at the gateway adopts the same attempt, so 10 presses still
 * make one. Another method while awaiting payment replaces the attempt, within the same deadline: what the first one
 * issued is closed at the gateway later, and whichever payment arrives first is the one that counts.
 */
async function startPayment(id: string, method: PaymentMethod, context: Context): Promise<void> {
  const attempt = await beginAttempt(id, method, context, context.clock());
  if (!attempt) return; // already issued: the same one
  let issued: IssuedColumns;
  try {
    issued = await issueAttempt(context.gateway, {
      externalId: attempt.externalId,
      method: attempt.method,
      amount: attempt.amount,
      expiresAt: attempt.expiresAt,
      payerName: attempt.payerName,
      bookingId: id,
      bookingCode: attempt.bookingCode,
      locale: context.locale,
    });
  } catch (error) {
    // The booking stays as it was; this attempt will not be adopted, the next "Pay" starts a new one.
    await context.db
      .update(payments)
      .set({ status: 'failed' })
      .where(and(eq(payments.id, attempt.id), eq(payments.status, 'creating')));
    throw error;
  }
  const refusal = await confirmAttempt(id, attempt, issued, context);
  if (refusal) throw refusal;
}

/** Step 1: checks the booking can be paid now and records the attempt (or finds the one under way). */
async function beginAttempt(
  id: string,
  method: PaymentMethod,
  context: Context,
  arrivedAt: Date,
): Promise<Attempt | undefined> {
  const rates = await tariffs(context.db);
  return lockingTransaction(context.db, async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    if (!booking) throw refuse('booking', 'api_booking_not_found');
    const now = context.clock();
    if (booking.status === 'paid') return undefined;
    // Another method while awaiting payment: within the deadline already set, never a longer one.
    const switching = booking.status === 'awaiting_payment';
    if (switching && (!booking.expiresAt || booking.expiresAt <= now))
      throw refuse('booking', 'hold_error_closed');
    // Pressed after the hold lapsed: too late. Pressed in time but lapsed while waiting for the lock: go on, and
    // step 3 recounts its seats under the sailings' locks and confirms nothing unless they are free.
    if (!switching && !holdIsLive(booking, arrivedAt)) throw refuse('booking', 'booking_error_not_editable');
    const [people] = await tx
      .select({ count: count() })
      .from(bookingPassengers)
      .where(eq(bookingPassengers.bookingId, id));
    const partySize = booking.adults + booking.children + booking.infants;
    if (!booking.contactName || !booking.contactEmail || people?.count !== partySize)
      throw refuse('booking', 'payment_error_details_missing');
    const found = { payerName: booking.contactName, bookingCode: booking.code };

    const [open] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, id), inArray(payments.status, ['creating', 'pending'])))
      .for('update');
    const underWay =
      open?.status === 'creating' && now.getTime() - open.createdAt.getTime() < ATTEMPT_ABANDONED_MS;
    // Issued: the same one. Except a card's session, which may have ended (abandoned at 3-D Secure, or its
    // deadline extended since): choosing the card again opens a fresh one and closes the old.
    if (open?.method === method && open.status === 'pending' && method !== 'card') return undefined;
    if (open?.method === method && underWay) return { ...open, ...found };
    // Replaced by another method (what it issued is closed later, and still counts if paid first), or abandoned.
    if (open)
      await tx
        .update(payments)
        .set({ status: open.status === 'pending' ? 'replaced' : 'failed' })
        .where(eq(payments.id, open.id));

    const fee = rates.transactionFee(method);
    if (fee === undefined) throw refuse('method', 'payment_error_method');
    const [first] = await tx
      .select({ departsAt: sailings.departsAt })
      .from(bookingLegs)
      .innerJoin(sailings, eq(sailings.id, bookingLegs.sailingId))
      .where(and(eq(bookingLegs.bookingId, id), eq(bookingLegs.leg, 0)));
    const deadline =
      switching && booking.expiresAt
        ? booking.expiresAt
        : paymentDeadline(now, context.paymentWindowMinutes, first?.departsAt);
    if (deadline <= now) throw refuse('booking', 'hold_error_closed');
    const price = withFee(booking.price, fee);
    await tx.update(bookings).set({ price, updatedAt: now }).where(eq(bookings.id, id));
    const [attempt] = await tx
      .insert(payments)
      .values({
        bookingId: id,
        gateway: context.gateway.name,
        method,
        bank: methodBank(method) ?? null,
        externalId: `${booking.code}-${randomBytes(6).toString('hex')}`,
        amount: price.total,
        status: 'creating',
        expiresAt: deadline,
        createdAt: now,
      })
      .returning();
    if (!attempt) throw new Error('payment attempt not recorded');
    return { ...attempt, ...found };
  });
}

/**
 * Step 3: the gateway issued it; the booking now awaits payment until the attempt's deadline. Decided under the
 * sailings' locks and then the booking's, at the time the locks were granted: a hold still live moves on; a hold
 * that lapsed while the gateway answered moves on only if its seats are still free (counted now), else it expires
 * and what was issued is left to expire with it (a payment to it still arrives at recordPayment's late path). A
 * booking already awaiting payment by another method takes this one in its place, within its deadline. Returns the
 * refusal to throw once the transaction has committed.
 */
function confirmAttempt(id: string, attempt: Attempt, issued: IssuedColumns, context: Context) {
  return lockingTransaction(context.db, async (tx) => {
    const legs = await lockSailingsOfBooking(tx, id);
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    await lockLedgerRowsOf(tx, [id]);
    const [current] = await tx
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, attempt.id))
      .for('update');
    const now = context.clock();
    // What it issued is always kept: shown, or closed at the gateway by the sweeper if it is not to be paid.
    const settle = (status?: 'pending' | 'expired') =>
      tx
        .update(payments)
        .set({ ...issued, ...(status ? { status } : {}) })
        .where(eq(payments.id, attempt.id));
    if (!booking || !current) return refuse('booking', 'api_booking_not_found');
    // Another press confirmed this attempt already, another method replaced it, or a payment arrived first.
    if (current.status !== 'creating' || booking.status === 'paid') {
      await settle();
      return undefined;
    }
    if (attempt.expiresAt <= now) {
      await settle('expired');
      return refuse('booking', 'hold_error_closed');
    }
    const switching = booking.status === 'awaiting_payment';
    const live = switching || holdIsLive(booking, now);
    if (!live && (booking.status === 'expired' || !(await legsStillFit(tx, legs, now)))) {
      await settle('expired');
      if (booking.status !== 'expired') {
        assertMove(booking.status, 'expired');
        await tx.update(bookings).set({ status: 'expired', updatedAt: now }).where(eq(bookings.id, id));
        await queueMailOnce(tx, id, 'booking_expired');
      }
      return refuse('booking', 'booking_error_hold_expired');
    }
    // The operator cancelled a sailing since it was held: nothing to pay for a sailing that will not sail.
    if (await anySailingCancelled(tx, legs)) {
      await settle('expired');
      return refuse('booking', 'hold_error_closed');
    }
    await settle('pending');
    if (!switching) {
      assertMove(booking.status, 'awaiting_payment');
      await tx
        .update(bookings)
        .set({ status: 'awaiting_payment', expiresAt: attempt.expiresAt, updatedAt: now })
        .where(eq(bookings.id, id));
    }
    // How to pay, by e-mail: sent again, with the new method, when the traveller switches.
    await queueCurrentStateMail(tx, id, 'booking_created');
    return undefined;
  });
}

/** Use case: "Pay" with the chosen bank; the booking then awaits payment on its virtual account. */
export const pay = defineUseCase({
  name: 'pay',
  input: payRequestSchema,
  address: bookingAddress,
  async run(ctx: UseCaseContext, input: PayRequest & { bookingId: string }): Promise<void> {
    // Its instructions by e-mail, or, when the hold ran out meanwhile, the expiry mail (queued before the refusal).
    ctx.afterCommit(ctx.wakeMail);
    await startPayment(input.bookingId, chosenMethod(input), ctx);
  },
  route: {
    method: 'POST',
    path: '/bookings/:id/payment',
    caller: 'guest',
    answer: async (_paid, ctx, input) => {
      const view = await bookingView(ctx.db, ctx.network, input.bookingId, ctx.locale);
      return { status: view?.status, payment: view?.payment, price: view?.price };
    },
  },
  form: { next: (_paid, ctx, input) => localizePath(`/booking/${input.bookingId}/payment`, ctx.locale) },
  refusals: [404, 409, 422, 503],
});
