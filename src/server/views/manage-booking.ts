import { effectiveStatus } from '../../domain/booking-lifecycle.ts';
import {
  bookingStanding,
  ticketStanding,
  type BookingStanding,
  type TicketStanding,
} from '../../domain/booking-standing.ts';
import { cancellationOffer, checkInOffer, claimOffer, rescheduleOffer } from '../../domain/offers.ts';
import type { OfferTicket } from '../../domain/offer-ticket.ts';
import { formatDate, formatPortTime, formatRupiah } from '../../i18n/format.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { bookingStandingLabel, ticketStandingLabel } from '../../i18n/booking-status.ts';
import { translate } from '../../i18n/translate.ts';
import type { Network } from '../network.ts';
import type { BookingLegView, BookingView, PassengerView, TicketView } from '../services/booking-view.ts';
import { offerTickets } from '../services/offer-input.ts';
import { refusalLines, type TicketRefusals } from './manage-refusals.ts';
import { allSegments, segmentOf } from './ticket-sailing.ts';
import { tripCard } from './trip-card.ts';

/** Something a ticket can be given now, from its offer: where it is done and what it costs or returns. */
export interface ManageAction {
  task: 'check_in' | 'boarding_pass' | 'google_wallet' | 'apple_wallet' | 'reschedule' | 'cancel' | 'claim';
  href: string;
  label: string;
  /** `Refund IDR 450,000 (fee IDR 150,000)`, `Free with Batam Fast; ...`; absent where it costs nothing to say. */
  price?: string;
}

export interface ManagedTicket {
  name: string;
  category: string;
  ticketNumber: string;
  /** The passenger's e-ticket (one per passenger, all legs), once paid. */
  eTicketNumber?: string;
  standing: TicketStanding;
  /** The standing in the reader's words: `Paid`, `Cancelled, refund in progress`, `Open ticket: ...`. */
  status: string;
  /** A reschedule's trace: `Moved to Sat 28 Nov, 09:00 WIB` on the old ticket, `Moved from ...` on the new. */
  moved?: string;
  /** Owed at the counter before boarding (a move onto another operator's sailing). */
  counterFee?: string;
  actions: ManageAction[];
  /** For what it cannot do now: why, and what to do instead (the counter, its phone). */
  reasons: string[];
}

/** One sailing of the booking (a leg, or the part of it a reschedule moved) with its passengers' tickets. */
export interface ManagedSailing {
  title: string;
  route: string;
  operator: string;
  /** `Fri 27 Nov 2026, 06:00 WIB`, at the departure terminal; absent for an open ticket. */
  departs?: string;
  /** An open ticket's last day. */
  validUntil?: string;
  operatorCancelled: boolean;
  /** The operator delayed it: the departure it was to leave at, `Fri 27 Nov 2026, 06:00 WIB`. */
  delayedFrom?: string;
  tickets: ManagedTicket[];
}

export interface ManageBooking {
  standing: BookingStanding;
  status: string;
  sailings: ManagedSailing[];
}

const categoryKeys = {
  adult: 'price_category_adult',
  child: 'price_category_child',
  infant: 'price_category_infant',
} as const;

/** Where each ticket stands, what it can do now (each offer's allowed tasks) and, for the rest, why not. */
function ticketActions(
  view: BookingView,
  offer: OfferTicket,
  verdicts: Verdicts,
  locale: Locale,
  operator: string,
  wallets: Wallets,
): ManageAction[] {
  const path = (task: string, query = '') => `${localizePath(`/booking/${view.id}/${task}`, locale)}${query}`;
  const chosen = `?tickets=${encodeURIComponent(offer.ticketNumber)}`;
  const actions: ManageAction[] = [];
  const checkIn = verdicts.checkIn.get(offer.ticketNumber);
  if (offer.status === 'checked_in') {
    const pass = `/booking/${view.id}/boarding-pass/${offer.ticketNumber}`;
    actions.push({
      task: 'boarding_pass',
      href: localizePath(`${pass}.pdf`, locale),
      label: translate('manage_boarding_pass', locale),
    });
    if (wallets.google)
      actions.push({
        task: 'google_wallet',
        href: localizePath(`${pass}/google-wallet`, locale),
        label: translate('manage_google_wallet', locale),
      });
    if (wallets.apple)
      actions.push({
        task: 'apple_wallet',
        href: localizePath(`${pass}.pkpass`, locale),
        label: translate('manage_apple_wallet', locale),
      });
  } else if (checkIn?.allowed)
    actions.push({
      task: 'check_in',
      href: path('check-in'),
      label: translate('order_action_check_in', locale),
      price: translate('manage_price_free', locale),
    });
  const move = verdicts.reschedule.get(offer.ticketNumber);
  if (move?.allowed)
    actions.push({
      task: 'reschedule',
      href: path('reschedule', chosen),
      label: translate('order_action_reschedule', locale),
      price:
        move.otherOperatorFee === 0
          ? translate('manage_price_free', locale)
          : translate('manage_price_reschedule', locale, {
              operator,
              fee: formatRupiah(move.otherOperatorFee, locale),
            }),
    });
  const cancel = verdicts.cancel.get(offer.ticketNumber);
  if (cancel?.allowed)
    actions.push({
      task: 'cancel',
      href: path('cancellation', chosen),
      label: translate('order_action_cancel', locale),
      price: translate('manage_price_cancel', locale, {
        refund: formatRupiah(cancel.refund, locale),
        fee: formatRupiah(cancel.fee, locale),
      }),
    });
  const claim = verdicts.claim.get(offer.ticketNumber);
  if (claim?.allowed)
    actions.push({
      task: 'claim',
      href: path('claim'),
      label: translate('order_action_claim', locale),
      price: translate('manage_price_claim', locale, { date: formatDate(claim.validUntil, locale) }),
    });
  return actions;
}

type Verdicts = {
  [K in keyof TicketRefusals]-?: Map<string, NonNullable<TicketRefusals[K]>>;
};
const byTicket = <V extends { ticketNumber: string }>(verdicts: readonly V[]) =>
  new Map(verdicts.map((verdict) => [verdict.ticketNumber, verdict]));

/**
 * The Manage booking page of a paid booking at `now`, in `locale`: the booking's true standing and, per sailing,
 * each passenger's ticket with its standing, the tasks its offers allow now (with their price) and, for those they
 * refuse, the reason and what to do instead. The same offers the task pages show and their use cases ask again.
 */
/** The wallets this installation can put a boarding pass in (server/wallets/). */
export interface Wallets {
  google: boolean;
  apple: boolean;
}

export function manageBooking(
  view: BookingView,
  network: Network,
  now: Date,
  locale: Locale,
  wallets: Wallets = { google: false, apple: false },
): ManageBooking {
  const offers = offerTickets(view);
  const verdicts: Verdicts = {
    checkIn: byTicket(checkInOffer(offers, now).tickets),
    reschedule: byTicket(rescheduleOffer(offers, now).tickets),
    cancel: byTicket(cancellationOffer(offers, now).tickets),
    claim: byTicket(claimOffer(offers, now).tickets),
  };
  const card = tripCard(view, network, locale);
  // The trip's sailings and, in their place, those a reschedule moved everyone off (their tickets say where to).
  const sailings = allSegments(view);
  const departs = (leg: BookingLegView | undefined) =>
    leg?.departure && formatPortTime(leg.departure, locale);
  const movedTrace = (passenger: PassengerView, ticket: TicketView): string | undefined => {
    if (ticket.status === 'rescheduled') {
      const next = passenger.tickets.find((other) => other.rescheduledFrom === ticket.ticketNumber);
      const to = next && departs(segmentOf(view, next));
      return to && translate('manage_moved_to', locale, { when: to });
    }
    const before = ticket.rescheduledFrom
      ? passenger.tickets.find((other) => other.ticketNumber === ticket.rescheduledFrom)
      : undefined;
    const from = before && departs(segmentOf(view, before));
    return from && translate('manage_moved_from', locale, { when: from });
  };
  const standing = standingOf(view, now);
  return {
    standing,
    status: bookingStandingLabel(standing, locale),
    sailings: sailings.map((leg): ManagedSailing => {
      const legCard = card.legs[view.legs.indexOf(leg)];
      const departure = departs(leg);
      const tickets = view.passengers.flatMap((passenger): ManagedTicket[] => {
        const ticket = passenger.tickets.find((t) => t.leg === leg.leg && t.segment === leg.segment);
        const offer = ticket && offers.find((o) => o.ticketNumber === ticket.ticketNumber);
        if (!ticket) return [];
        const ticketStand = ticketStanding(
          { ...ticket, hasSailing: leg.departure !== undefined },
          view.refunds,
        );
        const moved = movedTrace(passenger, ticket);
        const counterDue =
          ticket.counterFee > 0 && (ticket.status === 'active' || ticket.status === 'checked_in');
        return [
          {
            name: passenger.fullName,
            category: translate(categoryKeys[passenger.category], locale),
            ticketNumber: ticket.ticketNumber,
            ...(passenger.eTicketNumber ? { eTicketNumber: passenger.eTicketNumber } : {}),
            standing: ticketStand,
            status: ticketStandingLabel(ticketStand, locale),
            ...(moved ? { moved } : {}),
            ...(counterDue
              ? {
                  counterFee: translate('reschedule_counter_fee_due', locale, {
                    fee: formatRupiah(ticket.counterFee, locale),
                  }),
                }
              : {}),
            // A sailing everyone moved off offers nothing: its tickets are history.
            actions: offer ? ticketActions(view, offer, verdicts, locale, leg.operator, wallets) : [],
            reasons: offer
              ? refusalLines(offer, verdictsOf(verdicts, offer.ticketNumber), leg, network, now, locale)
              : [],
          },
        ];
      });
      return {
        title: legCard?.title ?? translate(leg.leg === 0 ? 'trip_leg_outbound' : 'trip_leg_return', locale),
        route: `${leg.from} → ${leg.to}`,
        operator: leg.operator,
        ...(departure ? { departs: departure } : {}),
        ...(legCard?.validUntil ? { validUntil: legCard.validUntil } : {}),
        operatorCancelled: leg.sailingCancelled,
        ...(leg.delayedFrom && !leg.sailingCancelled
          ? { delayedFrom: formatPortTime(leg.delayedFrom, locale) }
          : {}),
        tickets,
      };
    }),
  };
}

/** Where the booking stands at `now`, true to its tickets: what Manage booking and My booking's list say. */
export function standingOf(view: BookingView, now: Date): BookingStanding {
  const tickets = view.passengers.flatMap((passenger) => passenger.tickets);
  return bookingStanding(effectiveStatus(view, now), tickets, view.refunds);
}

function verdictsOf(verdicts: Verdicts, ticketNumber: string): TicketRefusals {
  return {
    checkIn: verdicts.checkIn.get(ticketNumber),
    reschedule: verdicts.reschedule.get(ticketNumber),
    cancel: verdicts.cancel.get(ticketNumber),
    claim: verdicts.claim.get(ticketNumber),
  };
}
