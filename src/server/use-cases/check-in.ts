import { and, asc, eq, inArray } from 'drizzle-orm';
import { assertTicketMove } from '../../domain/booking-lifecycle.ts';
import { checkInOffer } from '../../domain/offers.ts';
import { passportProblems } from '../../domain/passport.ts';
import { checkInSchema, type CheckInRequest } from '../../schemas/check-in.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { lockBookingForChange } from '../db/queries/inventory.ts';
import { bookingTravelDates } from '../db/queries/travel-dates.ts';
import type { Database } from '../db/client.ts';
import { bookingPassengers } from '../db/schema/bookings.ts';
import { tickets } from '../db/schema/payments.ts';
import { queueCurrentStateMail } from '../db/queries/queue-mail.ts';
import { localizePath } from '../../i18n/locales.ts';
import { refuseCheckIn } from '../offer-refusals.ts';
import { lockedOfferTickets } from '../services/offer-input.ts';
import { keepTravelDocument } from '../services/travel-documents.ts';
import { refuse } from '../validation-errors.ts';
import { bookingAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';

/** Each ticket checked in, with the moment it was (the first time: asking again changes nothing). */
export type CheckedIn = { ticketNumber: string; checkedInAt: Date }[];

/**
 * Online check-in (docs/product-rules.md, Check-in and boarding): per passenger, from 24 hours to 1 hour
 * before the sailing, with passport data valid for the whole trip. Its sailings are locked first (shared),
 * then the booking's row, then its tickets: an operator's cancellation of the sailing (which locks the
 * sailing for update) and a cancellation of the same ticket (sailings, booking, tickets, in the same order)
 * each wait for this check-in or win before it. Checking in twice is harmless: the ticket keeps its first
 * check-in time, and so the same boarding pass.
 */
async function checkInTickets(
  ctx: Pick<UseCaseContext, 'db' | 'clock' | 'network' | 'lockSeats'>,
  bookingId: string,
  wanted: string[],
  travellers: CheckInRequest['travellers'],
) {
  return lockingTransaction(ctx.db, async (tx): Promise<CheckedIn> => {
    // The sailings first (shared: an operator's cancellation waits for this check-in, or this one sees it), then
    // the booking: the one lock order (docs/decisions/0001-lock-order.md).
    const { booking } =
      (await lockBookingForChange(tx, bookingId, { lockSeats: ctx.lockSeats, sailings: 'share' })) ?? {};
    if (!booking) throw refuse('booking', 'api_booking_not_found');
    if (booking.status !== 'paid') throw refuse('booking', 'checkin_error_not_paid');
    const rows = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.bookingId, bookingId), inArray(tickets.ticketNumber, wanted)))
      .orderBy(asc(tickets.ticketNumber))
      .for('update');
    if (rows.length !== new Set(wanted).size) throw refuse('tickets', 'checkin_error_ticket');
    const passengers = await tx
      .select()
      .from(bookingPassengers)
      .where(eq(bookingPassengers.bookingId, bookingId));
    const now = ctx.clock();
    const { segments, today, last } = await bookingTravelDates(tx, ctx.network, bookingId, now);
    const categoryOf = (position: number) =>
      passengers.find((person) => person.position === position)?.category ?? 'adult';
    // The offer the check-in page showed, asked again under the locks (a sailing the operator cancelled since is seen).
    const offer = checkInOffer(lockedOfferTickets(rows, { price: booking.price, segments, categoryOf }), now);
    for (const [index, ticket] of rows.entries()) {
      const verdict = offer.tickets[index];
      if (verdict && !verdict.allowed) throw refuseCheckIn(verdict.reason);
      const passenger = passengers.find((person) => person.position === ticket.position);
      const [issued, expiry] = [passenger?.passportIssued, passenger?.passportExpiry];
      if (!issued || !expiry || passportProblems({ issued, expiry }, today, last).length > 0)
        throw refuse('tickets', 'checkin_error_passport', { name: passenger?.fullName ?? '' });
    }
    await keepTravelDocuments(tx, { userId: booking.userId, rows, passengers, travellers });
    const fresh = rows.filter((ticket) => ticket.status !== 'checked_in');
    for (const ticket of fresh) assertTicketMove(ticket.status, 'checked_in');
    if (fresh.length > 0)
      await tx
        .update(tickets)
        .set({ status: 'checked_in', checkedInAt: now })
        .where(
          inArray(
            tickets.ticketNumber,
            fresh.map((ticket) => ticket.ticketNumber),
          ),
        );
    // Each leg's boarding-pass mail carries every pass of that leg: queued, or queued again with the new ones.
    for (const leg of new Set(fresh.map((ticket) => ticket.leg)))
      await queueCurrentStateMail(tx, bookingId, boardingPassMailKind(leg));
    return rows.map((ticket) => ({
      ticketNumber: ticket.ticketNumber,
      checkedInAt: ticket.checkedInAt ?? now,
    }));
  });
}

/**
 * The nationality and sex the check-in form gave for the chosen passengers, kept on the booking (the manifest) and
 * in the account's saved passenger of that passport. The form asks for sex: a chosen passenger it gave none for,
 * and the booking has none for, is refused by name. An API client that sends no `travellers` is not asked.
 */
async function keepTravelDocuments(
  tx: Database,
  given: {
    userId: string | null;
    rows: readonly { ticketNumber: string; position: number }[];
    passengers: readonly (typeof bookingPassengers.$inferSelect)[];
    travellers: CheckInRequest['travellers'];
  },
) {
  if (!given.travellers) return;
  for (const ticket of given.rows) {
    const passenger = given.passengers.find((person) => person.position === ticket.position);
    const answer = given.travellers.find((row) => row.ticket === ticket.ticketNumber);
    if (!passenger) continue;
    const sex = answer?.sex ?? passenger.sex;
    if (!sex) throw refuse('tickets', 'checkin_error_sex_of', { name: passenger.fullName });
    const nationality = answer?.nationality ?? passenger.nationality ?? passenger.passportCountry;
    if (sex === passenger.sex && nationality === passenger.nationality) continue;
    await tx
      .update(bookingPassengers)
      .set({ nationality, sex })
      .where(
        and(
          eq(bookingPassengers.bookingId, passenger.bookingId),
          eq(bookingPassengers.position, passenger.position),
        ),
      );
    await keepTravelDocument(tx, given.userId, passenger.passportNumber, { nationality, sex });
  }
}

/** The mail that carries a leg's boarding passes. */
export function boardingPassMailKind(leg: number) {
  return leg === 0 ? ('boarding_pass_outbound' as const) : ('boarding_pass_return' as const);
}

/** Use case: check in the chosen passengers of a paid booking for their sailing. */
export const checkIn = defineUseCase({
  name: 'check-in',
  input: checkInSchema,
  address: bookingAddress,
  async run(ctx: UseCaseContext, input: CheckInRequest & { bookingId: string }): Promise<CheckedIn> {
    const checkedIn = await checkInTickets(ctx, input.bookingId, input.tickets, input.travellers);
    ctx.afterCommit(ctx.wakeMail); // the boarding passes, by e-mail
    return checkedIn;
  },
  route: {
    method: 'POST',
    path: '/bookings/:id/check-in',
    caller: 'guest',
    answer: (checkedIn, ctx, input) => ({
      tickets: checkedIn.map((ticket) => ({
        ticketNumber: ticket.ticketNumber,
        checkedInAt: ticket.checkedInAt.toISOString(),
        boardingPass: localizePath(
          `/booking/${input.bookingId}/boarding-pass/${ticket.ticketNumber}.pdf`,
          ctx.locale,
        ),
      })),
    }),
  },
  form: {
    next: (_done, ctx, input) => `${localizePath(`/booking/${input.bookingId}/check-in`, ctx.locale)}?done`,
  },
  refusals: [404, 409, 422],
});
