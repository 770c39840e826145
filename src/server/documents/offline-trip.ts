import QRCode from 'qrcode';
import {
  offlineTripKeptUntil,
  type OfflineLeg,
  type OfflinePassenger,
  type OfflineTicket,
  type OfflineTrip,
} from '../../domain/offline-trips.ts';
import { formatPortTime } from '../../i18n/format.ts';
import { locales, type Locale } from '../../i18n/locales.ts';

export type { OfflineTrip } from '../../domain/offline-trips.ts';
import type { BoardingPassSigner } from '../boarding-pass/signing.ts';
import { boardingPassText } from './boarding-pass-of.ts';
import type { CheckedInTicket } from '../db/queries/checked-in-tickets.ts';
import { maskPassport } from './e-ticket-content.ts';
import { eTicketQrPayload } from './qr.ts';
import type { Network } from '../network.ts';
import { ticketOn, type BookingView } from '../services/booking-view.ts';
import { formatClock, tripCard } from '../views/trip-card.ts';

/** A QR code as a small SVG document (dark on white with its quiet zone, as a gate scanner needs it). */
function qrDrawing(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

function legsIn(view: BookingView, network: Network, locale: Locale): OfflineLeg[] {
  const card = tripCard(view, network, locale);
  return card.legs.map((leg, index) => {
    const booked = view.legs[index];
    const sailing = leg.sailing;
    return {
      title: leg.title,
      from: leg.from,
      to: leg.to,
      operator: leg.operator,
      terminal: leg.terminal.name,
      terminalAddress: leg.terminal.address,
      ...(leg.terminal.counter ? { counter: leg.terminal.counter } : {}),
      ...(sailing
        ? {
            date: sailing.date,
            departure: formatClock(sailing.departure),
            arrival: formatClock(sailing.arrival),
            checkInCloses: formatClock(sailing.checkInCloses),
            gateCloses: formatClock(sailing.gateCloses),
          }
        : {}),
      ...(leg.validUntil ? { validUntil: leg.validUntil } : {}),
      cancelled: booked?.sailingCancelled ?? false,
      ...(booked?.delayedFrom ? { delayedFrom: formatPortTime(booked.delayedFrom, locale) } : {}),
      ...(booked?.sailingNotice ? { notice: booked.sailingNotice } : {}),
    };
  });
}

async function passOf(
  view: BookingView,
  ticket: CheckedInTicket | undefined,
  signer: BoardingPassSigner,
): Promise<OfflineTicket['boardingPass']> {
  const text = ticket && boardingPassText(view, ticket, signer);
  if (!ticket || !text) return undefined;
  return { text, svg: await qrDrawing(text), issuedAt: ticket.checkedInAt.toISOString() };
}

/**
 * The copy of a paid booking a phone keeps, from its views in each language (`views[locale]`), the booking's
 * checked-in tickets and the boarding-pass signer, made at `now`.
 */
export async function offlineTrip(
  views: Record<Locale, BookingView>,
  network: Network,
  checkedIn: CheckedInTicket[],
  signer: BoardingPassSigner,
  now: Date,
): Promise<OfflineTrip> {
  const view = views.en;
  const byNumber = new Map(checkedIn.map((row) => [row.ticketNumber, row]));
  const passengers = await Promise.all(
    view.passengers.map(async (passenger): Promise<OfflinePassenger> => {
      const tickets = await Promise.all(
        passenger.tickets.map(async (ticket): Promise<OfflineTicket> => {
          // A moved ticket's segment is no longer among the legs: it shows where it went instead.
          const legIndex =
            ticket.status === 'rescheduled'
              ? -1
              : view.legs.findIndex((leg) => leg.leg === ticket.leg && leg.segment === ticket.segment);
          const movedTo = passenger.tickets.find(
            (t) => t.rescheduledFrom === ticket.ticketNumber,
          )?.ticketNumber;
          const pass = await passOf(view, byNumber.get(ticket.ticketNumber), signer);
          return {
            number: ticket.ticketNumber,
            ...(legIndex >= 0 ? { legIndex } : {}),
            status: ticket.status,
            ...(movedTo ? { movedTo } : {}),
            ...(pass ? { boardingPass: pass } : {}),
          };
        }),
      );
      const current = view.legs.flatMap((leg) => {
        const ticket = ticketOn(passenger, leg, { cancelled: false });
        return ticket ? [ticket.ticketNumber] : [];
      });
      const eTicketNumber = passenger.eTicketNumber;
      const eTicketText =
        eTicketNumber && current.length > 0 ? eTicketQrPayload(view.code, eTicketNumber, current) : undefined;
      return {
        name: passenger.fullName,
        category: passenger.category,
        ...(passenger.passportNumber ? { passport: maskPassport(passenger.passportNumber) } : {}),
        ...(eTicketNumber && eTicketText
          ? { eTicket: { number: eTicketNumber, text: eTicketText, svg: await qrDrawing(eTicketText) } }
          : {}),
        tickets,
      };
    }),
  );
  const legs = Object.fromEntries(
    locales.map((locale) => [locale, legsIn(views[locale], network, locale)]),
  ) as Record<Locale, OfflineLeg[]>;
  return {
    id: view.id,
    code: view.code,
    status: view.status,
    updatedAt: now.toISOString(),
    keepUntil: offlineTripKeptUntil(view, now).toISOString(),
    legs,
    passengers,
  };
}
