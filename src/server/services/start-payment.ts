import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { BOOKING_CUTOFF_MINUTES } from '../../domain/availability.ts';
import type { BookingPrice } from '../../domain/pricing.ts';
import type { PayRequest } from '../../schemas/payment.ts';
import type { Database } from '../db/client.ts';
import { tariffs } from '../db/queries/tariffs.ts';
import { bookingLegs, bookingPassengers, bookings } from '../db/schema/bookings.ts';
import { sailings } from '../db/schema/network.ts';
import { payments, sentMails } from '../db/schema/payments.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { refuse } from '../validation-errors.ts';

interface Context {
  db: Database;
  gateway: PaymentGateway;
  now: Date;
  paymentWindowMinutes: number;
}

/** The booking's price with the chosen bank's transaction fee in place of the lowest one quoted so far. */
function withFee(price: BookingPrice, fee: number): BookingPrice {
  return { ...price, transactionFee: fee, total: price.total - price.transactionFee + fee };
}

/**
 * "Pay": issues the virtual account and moves the booking to `awaiting_payment` until the deadline (60 minutes,
 * never past the first sailing's booking cutoff). The booking row stays locked while the gateway answers, so a
 * double-clicked or retried "Pay" waits and then finds the VA already issued: one VA per booking.
 */
export async function startPayment(id: string, request: PayRequest, context: Context): Promise<void> {
  const rates = await tariffs(context.db);
  await context.db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    if (!booking) throw refuse(404, 'booking', 'api_booking_not_found');
    if (booking.status === 'awaiting_payment' || booking.status === 'paid') return; // already issued: same VA
    if (booking.status !== 'held' || !booking.expiresAt || booking.expiresAt <= context.now)
      throw refuse(409, 'booking', 'booking_error_not_editable');
    const [people] = await tx
      .select({ count: count() })
      .from(bookingPassengers)
      .where(eq(bookingPassengers.bookingId, id));
    const partySize = booking.adults + booking.children + booking.infants;
    if (!booking.contactName || !booking.contactEmail || people?.count !== partySize)
      throw refuse(409, 'booking', 'payment_error_details_missing');
    const [first] = await tx
      .select({ departsAt: sailings.departsAt })
      .from(bookingLegs)
      .innerJoin(sailings, eq(sailings.id, bookingLegs.sailingId))
      .where(and(eq(bookingLegs.bookingId, id), eq(bookingLegs.leg, 0)));
    const window = context.now.getTime() + context.paymentWindowMinutes * 60_000;
    const cutoff = first ? first.departsAt.getTime() - BOOKING_CUTOFF_MINUTES * 60_000 : Infinity;
    const deadline = new Date(Math.min(window, cutoff));
    if (deadline <= context.now) throw refuse(422, 'booking', 'hold_error_closed');
    const fee = rates.transactionFee(request.bank);
    if (fee === undefined) throw refuse(400, 'bank', 'payment_error_method');
    const price = withFee(booking.price, fee);
    const externalId = `${booking.code}-${randomBytes(6).toString('hex')}`;
    const account = await context.gateway.createVirtualAccount({
      externalId,
      bank: request.bank,
      name: booking.contactName,
      amount: price.total,
      expiresAt: deadline,
    });
    await tx.insert(payments).values({
      bookingId: id,
      gateway: context.gateway.name,
      bank: request.bank,
      externalId,
      gatewayAccountId: account.gatewayAccountId ?? null,
      accountNumber: account.accountNumber,
      billerCode: account.billerCode ?? null,
      amount: price.total,
      expiresAt: deadline,
      createdAt: context.now,
    });
    await tx
      .update(bookings)
      .set({ status: 'awaiting_payment', price, expiresAt: deadline, updatedAt: context.now })
      .where(eq(bookings.id, id));
    await tx.insert(sentMails).values({ bookingId: id, kind: 'booking_created' }).onConflictDoNothing();
  });
}
