import { and, eq } from 'drizzle-orm';
import { passengerInitials } from '../../domain/boarding-pass-payload.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { BoardingPassSigner } from '../boarding-pass/signing.ts';
import { signBoardingPass } from '../boarding-pass/signing.ts';
import type { Database } from '../db/client.ts';
import { bookingLegs } from '../db/schema/bookings.ts';
import { tickets } from '../db/schema/payments.ts';
import type { BoardingPassDocument } from './boarding-pass.ts';
import type { Network } from '../network.ts';
import { formatClock, tripCard } from '../views/trip-card.ts';
import type { BookingView } from '../services/booking-view.ts';

/**
 * A checked-in ticket's boarding pass, in `locale`: the trip card's clocks for its sailing and the signed QR text.
 * Dated by the check-in, and Ed25519 signatures are deterministic, so asking again gives the very same pass.
 * The pass is good until the sailing leaves. Undefined for a ticket of another booking or not checked in.
 */
export async function boardingPassOf(
  db: Database,
  network: Network,
  view: BookingView,
  ticketNumber: string,
  signer: BoardingPassSigner,
): Promise<BoardingPassDocument | undefined> {
  const [ticket] = await db
    .select({
      leg: tickets.leg,
      status: tickets.status,
      checkedInAt: tickets.checkedInAt,
      position: tickets.position,
      segment: tickets.segment,
      sailingId: bookingLegs.sailingId,
    })
    .from(tickets)
    .innerJoin(
      bookingLegs,
      and(
        eq(bookingLegs.bookingId, tickets.bookingId),
        eq(bookingLegs.leg, tickets.leg),
        eq(bookingLegs.segment, tickets.segment),
      ),
    )
    .where(and(eq(tickets.ticketNumber, ticketNumber), eq(tickets.bookingId, view.id)));
  if (ticket?.status !== 'checked_in' || !ticket.checkedInAt || !ticket.sailingId) return undefined;
  const passenger = view.passengers.find((person) => person.position === ticket.position);
  // The trip card lists the booking's current segments in the view's order.
  const index = view.legs.findIndex((l) => l.leg === ticket.leg && l.segment === ticket.segment);
  const leg = tripCard(view, network, view.locale).legs[index];
  const departsAt = view.legs[index]?.departsAt;
  if (!passenger || !leg?.sailing || !departsAt) return undefined;
  const departure = new Date(departsAt);
  const qrText = signBoardingPass(
    {
      ticketNumber,
      sailingId: ticket.sailingId,
      departure,
      initials: passengerInitials(passenger.fullName),
      expiresAt: departure,
    },
    signer,
  );
  const locale: Locale = view.locale;
  return {
    locale,
    bookingCode: view.code,
    passengerName: passenger.fullName,
    ticketNumber,
    route: `${leg.from} → ${leg.to}`,
    operator: leg.operator,
    date: leg.sailing.date,
    departure: formatClock(leg.sailing.departure),
    checkInCloses: formatClock(leg.sailing.checkInCloses),
    gateCloses: formatClock(leg.sailing.gateCloses),
    qrText,
    issuedAt: ticket.checkedInAt,
  };
}
