import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { lockBookingForChange, sailingsWithSeats } from '../db/queries/inventory.ts';
import { bookingPassengers } from '../db/schema/bookings.ts';
import { tickets } from '../db/schema/payments.ts';
import { lockedOfferTickets } from '../services/offer-input.ts';
import { refuse, type RefusalCode } from '../validation-errors.ts';

/**
 * The opening every after-sales change of chosen tickets shares (reschedule, cancel): lock the booking's sailings
 * and `more` (a new sailing) in id order, then the booking (`lockBookingForChange`), refuse an unknown or unpaid
 * booking, then lock all its tickets (in number order) and refuse a chosen number that is not one of them. Read under
 * those locks: the sailings with their seats and status at `now`, each passenger's category, and every ticket as the
 * after-sales offers read it (`offered`, domain/offers.ts).
 */
export async function lockPaidTickets(
  tx: Database,
  request: { bookingId: string; tickets: string[]; more?: string[]; lockSeats: boolean; now: () => Date },
  refusals: { notPaid: RefusalCode; unknownTicket: RefusalCode },
) {
  const locked = await lockBookingForChange(tx, request.bookingId, {
    more: request.more ?? [],
    lockSeats: request.lockSeats,
  });
  if (!locked) throw refuse('booking', 'api_booking_not_found');
  const { booking, legs } = locked;
  if (booking.status !== 'paid') throw refuse('booking', refusals.notPaid);
  const all = await tx
    .select()
    .from(tickets)
    .where(eq(tickets.bookingId, booking.id))
    .orderBy(asc(tickets.ticketNumber))
    .for('update');
  const chosen = all.filter((t) => request.tickets.includes(t.ticketNumber));
  if (chosen.length !== new Set(request.tickets).size) throw refuse('tickets', refusals.unknownTicket);
  // The clock is read once the locks are granted (docs/decisions/0001).
  const now = request.now();
  const sailingIds = [
    ...new Set([...(request.more ?? []), ...legs.flatMap((l) => (l.sailingId ? [l.sailingId] : []))]),
  ];
  const [sailingRows, passengers] = await Promise.all([
    sailingIds.length > 0 ? sailingsWithSeats(tx, sailingIds, now) : Promise.resolve([]),
    tx
      .select({ position: bookingPassengers.position, category: bookingPassengers.category })
      .from(bookingPassengers)
      .where(eq(bookingPassengers.bookingId, booking.id)),
  ]);
  const categoryOf = (position: number) =>
    passengers.find((p) => p.position === position)?.category ?? 'adult';
  const segmentOf = (t: { leg: number; segment: number }) =>
    legs.find((l) => l.leg === t.leg && l.segment === t.segment);
  const sailingOf = (t: { leg: number; segment: number }) =>
    sailingRows.find((s) => s.id === segmentOf(t)?.sailingId);
  // What the after-sales offers read, from these rows: the same facts a page builds from the booking's view.
  const segments = legs.map((l) => ({ ...l, sailing: sailingOf(l) }));
  const offered = lockedOfferTickets(all, { price: booking.price, segments, categoryOf });
  return { booking, legs, all, chosen, now, sailingRows, categoryOf, segmentOf, sailingOf, offered };
}
