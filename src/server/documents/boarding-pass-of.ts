import { passengerInitials } from '../../domain/boarding-pass-payload.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { BoardingPassSigner } from '../boarding-pass/signing.ts';
import { signBoardingPass } from '../boarding-pass/signing.ts';
import type { Database } from '../db/client.ts';
import { checkedInTickets, type CheckedInTicket } from '../db/queries/checked-in-tickets.ts';
import type { BoardingPassDocument } from './boarding-pass.ts';
import type { Network } from '../network.ts';
import { formatClock, tripCard } from '../views/trip-card.ts';
import type { BookingView } from '../services/booking-view.ts';

/**
 * The signed QR text of a checked-in ticket's pass (docs/decisions/0005), good until its sailing leaves; undefined
 * when the view has no such passenger or sailing. Ed25519 signatures are deterministic: asking again gives the same.
 */
export function boardingPassText(
  view: BookingView,
  ticket: CheckedInTicket,
  signer: BoardingPassSigner,
): string | undefined {
  const passenger = view.passengers.find((person) => person.position === ticket.position);
  const leg = view.legs.find((l) => l.leg === ticket.leg && l.segment === ticket.segment);
  if (!passenger || !leg?.departsAt) return undefined;
  const departure = new Date(leg.departsAt);
  return signBoardingPass(
    {
      ticketNumber: ticket.ticketNumber,
      sailingId: ticket.sailingId,
      departure,
      initials: passengerInitials(passenger.fullName),
      expiresAt: departure,
    },
    signer,
  );
}

/**
 * A checked-in ticket's boarding pass, in the view's language: the trip card's clocks for its sailing and the signed
 * QR text, dated by the check-in. Undefined for a ticket of another booking or not checked in.
 */
export async function boardingPassOf(
  db: Database,
  network: Network,
  view: BookingView,
  ticketNumber: string,
  signer: BoardingPassSigner,
): Promise<BoardingPassDocument | undefined> {
  const [ticket] = await checkedInTickets(db, view.id, ticketNumber);
  if (!ticket) return undefined;
  const passenger = view.passengers.find((person) => person.position === ticket.position);
  // The trip card lists the booking's current segments in the view's order.
  const index = view.legs.findIndex((l) => l.leg === ticket.leg && l.segment === ticket.segment);
  const leg = tripCard(view, network, view.locale).legs[index];
  const qrText = boardingPassText(view, ticket, signer);
  const { departure, departsAt } = view.legs[index] ?? {};
  if (!passenger || !leg?.sailing || !departure || !departsAt || !qrText) return undefined;
  const locale: Locale = view.locale;
  return {
    locale,
    bookingCode: view.code,
    passengerName: passenger.fullName,
    ticketNumber: ticket.ticketNumber,
    route: `${leg.from} → ${leg.to}`,
    from: leg.from,
    to: leg.to,
    localDeparture: `${departure.date}T${departure.time}`,
    departsAt: new Date(departsAt),
    operator: leg.operator,
    date: leg.sailing.date,
    departure: formatClock(leg.sailing.departure),
    checkInCloses: formatClock(leg.sailing.checkInCloses),
    gateCloses: formatClock(leg.sailing.gateCloses),
    qrText,
    issuedAt: ticket.checkedInAt,
  };
}
