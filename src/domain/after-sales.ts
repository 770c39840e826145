import type { TicketStatus } from './booking-lifecycle.ts';
import { CHECK_IN_CLOSES_MINUTES_BEFORE } from './boarding.ts';
import type { PassengerCategory } from './passengers.ts';
import { addDays } from './port-time.ts';

/**
 * What a traveller may do with a paid ticket and when (docs/product-rules.md; the terms' sections 8-11).
 * Every rule takes the moment it is asked (`now`) and the sailing's departure as instants; nothing here reads
 * a clock.
 */

/** Reschedule and cancel close this long before departure. */
export const CHANGE_CLOSES_MINUTES_BEFORE = 120;
/** Moving to another operator's sailing costs this per ticket, paid at the counter (same operator: free). */
export const OTHER_OPERATOR_FEE = 100_000;
/** Cancelling costs this per ticket; the refund never goes below zero and the transaction fee is kept. */
export const CANCELLATION_FEE = 150_000;
/** A sailing the operator cancelled: refunds (without the fee) are accepted this long after its departure. */
export const OPERATOR_CANCELLATION_CLAIM_DAYS = 7;
/** A refund is paid within this many Indonesian working days. */
export const REFUND_WORKING_DAYS = 7;
/** Online check-in opens this long before departure and closes with the counter's check-in (1 hour before). */
export const CHECK_IN_OPENS_MINUTES_BEFORE = 24 * 60;
export const CHECK_IN_CLOSES_ONLINE_MINUTES_BEFORE = CHECK_IN_CLOSES_MINUTES_BEFORE;
/** An open ticket can be claimed online for a sailing leaving at least this long after the claim. */
export const CLAIM_CLOSES_MINUTES_BEFORE = 60;

const MINUTE_MS = 60_000;

/** Past the week after a cancelled sailing's departure, when its travellers' free choices close. */
const afterClaimWindow = (departsAt: Date, now: Date) =>
  now.getTime() > departsAt.getTime() + OPERATOR_CANCELLATION_CLAIM_DAYS * 24 * 60 * MINUTE_MS;
const minutesBefore = (departsAt: Date, now: Date) => (departsAt.getTime() - now.getTime()) / MINUTE_MS;

/** What a ticket the rules look at carries. */
export interface TicketState {
  status: TicketStatus;
  /** Set on the new ticket a reschedule issued: a ticket is rescheduled at most once. */
  rescheduledFrom?: string | null | undefined;
}

export type RescheduleRefusal =
  'change_closed' | 'claim_closed' | 'checked_in' | 'already_rescheduled' | 'not_active';

/** Tickets still good for travel: what an operator's cancellation lets move or refund at any time, free. */
export const travelling: readonly TicketStatus[] = ['active', 'claimed', 'checked_in'];

/** Tickets that take a seat on their sailing: those still good for travel, and those already aboard. */
export const seated: readonly TicketStatus[] = [...travelling, 'boarded'];

/**
 * Why a ticket cannot move to another sailing now, or undefined when it can: at least 2 hours before departure, not
 * checked in, not moved before. A sailing the operator cancelled lets every ticket still good for travel move, free,
 * up to 1 week after its departure (as its refund).
 */
export function rescheduleRefusal(
  ticket: TicketState,
  departsAt: Date,
  now: Date,
  operatorCancelled = false,
): RescheduleRefusal | undefined {
  if (operatorCancelled) {
    if (!travelling.includes(ticket.status)) return 'not_active';
    return afterClaimWindow(departsAt, now) ? 'claim_closed' : undefined;
  }
  if (ticket.status === 'checked_in' || ticket.status === 'boarded') return 'checked_in';
  if (ticket.status === 'rescheduled' || ticket.rescheduledFrom) return 'already_rescheduled';
  if (ticket.status !== 'active') return 'not_active';
  if (minutesBefore(departsAt, now) < CHANGE_CLOSES_MINUTES_BEFORE) return 'change_closed';
  return undefined;
}

/**
 * Why a ticket on a sailing the operator delayed cannot be moved or cancelled now, or undefined when it can: its
 * traveller may keep it, or move it or cancel it free (no fee of either kind, even a ticket moved before or checked
 * in) until check-in closes for the new time (1 hour before): after that, a traveller is expected at the gate.
 */
export function delayedChangeRefusal(
  ticket: TicketState,
  departsAt: Date,
  now: Date,
): 'not_active' | 'change_closed' | undefined {
  if (!travelling.includes(ticket.status)) return 'not_active';
  return minutesBefore(departsAt, now) < CHECK_IN_CLOSES_MINUTES_BEFORE ? 'change_closed' : undefined;
}

/** The fee of moving `tickets` tickets from one operator's sailing to another's: paid at the counter. */
export function rescheduleFee(fromOperator: string, toOperator: string, tickets: number): number {
  return fromOperator === toOperator ? 0 : OTHER_OPERATOR_FEE * tickets;
}

/**
 * Whether a segment of a booking leg is still part of the trip: segment 0 until tickets are issued, then any segment
 * with a ticket that did not move elsewhere. One every passenger left by a reschedule stays only in the tickets'
 * history.
 */
export function segmentTravelled(
  segment: { leg: number; segment: number },
  tickets: readonly { leg: number; segment: number; status: TicketStatus }[],
): boolean {
  const onIt = tickets.filter((t) => t.leg === segment.leg && t.segment === segment.segment);
  return onIt.length === 0 ? segment.segment === 0 : onIt.some((t) => t.status !== 'rescheduled');
}

export type TargetSailingRefusal = 'same_sailing' | 'other_route' | 'not_scheduled' | 'too_soon';

/**
 * Why a ticket cannot move onto `target` now: it must be another sailing of the same route, still scheduled, and
 * leave at least 1 hour from now (an online move onto a sailing closes with its check-in, as a claim does).
 */
export function targetSailingRefusal(
  current: { sailingId: string | null; routeId: string },
  target: { id: string; routeId: string; status: string; departsAt: Date },
  now: Date,
): TargetSailingRefusal | undefined {
  if (target.id === current.sailingId) return 'same_sailing';
  if (target.routeId !== current.routeId) return 'other_route';
  if (target.status !== 'scheduled') return 'not_scheduled';
  if (minutesBefore(target.departsAt, now) < CLAIM_CLOSES_MINUTES_BEFORE) return 'too_soon';
  return undefined;
}

/**
 * Whether splitting a leg's travellers into those who move and those who stay keeps the party rules on every
 * sailing (passengers.ts): a child or infant travels with an adult, and an infant on a lap needs an adult of
 * its own. Each group lists the categories of its passengers still travelling; an empty group is fine.
 */
export function splitKeepsMinorsAccompanied(groups: readonly (readonly PassengerCategory[])[]): boolean {
  return groups.every((group) => {
    const count = (category: PassengerCategory) => group.filter((c) => c === category).length;
    return group.length === 0 || (count('adult') > 0 && count('infant') <= count('adult'));
  });
}

/** An open ticket not claimed yet names no departure: it can be cancelled up to its last valid (Batam) day. */
export interface OpenTicketValidity {
  validUntil: string;
  today: string;
}

export type CancellationRefusal = 'change_closed' | 'claim_closed' | 'checked_in' | 'not_active';

/**
 * Why a ticket cannot be cancelled now, or undefined when it can: at least 2 hours before departure; for a sailing
 * the operator cancelled, up to 1 week after its departure. An open ticket not claimed yet (no departure) can be
 * cancelled while it is valid (an expired one is `expired`).
 */
export function cancellationRefusal(
  ticket: TicketState,
  departure: Date | OpenTicketValidity,
  now: Date,
  operatorCancelled: boolean,
): CancellationRefusal | undefined {
  const departsAt = departure instanceof Date ? departure : undefined;
  // Checked in for a sailing that then did not sail: refunded all the same.
  if (operatorCancelled && departsAt) {
    if (!travelling.includes(ticket.status)) return 'not_active';
    return afterClaimWindow(departsAt, now) ? 'claim_closed' : undefined;
  }
  if (ticket.status === 'checked_in' || ticket.status === 'boarded') return 'checked_in';
  if (ticket.status !== 'active' && ticket.status !== 'claimed') return 'not_active';
  if (!departsAt)
    return 'today' in departure && departure.today > departure.validUntil ? 'not_active' : undefined;
  return minutesBefore(departsAt, now) < CHANGE_CLOSES_MINUTES_BEFORE ? 'change_closed' : undefined;
}

/** The refund of one cancelled ticket: what was paid for it less the fee (none when the operator cancelled), >= 0. */
export function cancellationRefund(paidForTicket: number, operatorCancelled: boolean): number {
  return operatorCancelled ? paidForTicket : Math.max(0, paidForTicket - CANCELLATION_FEE);
}

/** What cancelling some tickets comes to: what was paid for them, the fees kept, the refund (never below zero). */
export function cancellationQuote(tickets: readonly { paid: number; operatorCancelled: boolean }[]) {
  const paid = tickets.reduce((sum, t) => sum + t.paid, 0);
  const refund = tickets.reduce((sum, t) => sum + cancellationRefund(t.paid, t.operatorCancelled), 0);
  return { paid, fee: paid - refund, refund };
}

/**
 * The date a refund is paid by: the 7th Indonesian working day counted from the working day after the request
 * (Saturdays, Sundays and public holidays are not working days). `requestedOn` is a Batam calendar date.
 */
export function refundDueDate(requestedOn: string, isPublicHoliday: (date: string) => boolean): string {
  let date = requestedOn;
  for (let counted = 0, days = 0; counted < REFUND_WORKING_DAYS; days++) {
    // A calendar with no working day in a month is a broken calendar, not a refund date.
    if (days > 31)
      throw new RangeError(`no ${String(REFUND_WORKING_DAYS)} working days after ${requestedOn}`);
    date = addDays(date, 1);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !isPublicHoliday(date)) counted++;
  }
  return date;
}

export type CheckInRefusal = 'not_open_yet' | 'closed' | 'not_active' | 'sailing_cancelled';

/**
 * Why a passenger cannot check in online now: the window runs from 24 hours to 1 hour before departure, and a
 * sailing the operator cancelled has nothing to board (its travellers move or are refunded, free).
 */
export function checkInRefusal(
  ticket: TicketState,
  departsAt: Date,
  now: Date,
  operatorCancelled = false,
): CheckInRefusal | undefined {
  // Checking in twice is harmless: the same boarding pass again.
  if (ticket.status !== 'active' && ticket.status !== 'claimed' && ticket.status !== 'checked_in')
    return 'not_active';
  if (operatorCancelled) return 'sailing_cancelled';
  const before = minutesBefore(departsAt, now);
  if (before > CHECK_IN_OPENS_MINUTES_BEFORE) return 'not_open_yet';
  if (before < CHECK_IN_CLOSES_ONLINE_MINUTES_BEFORE) return 'closed';
  return undefined;
}

export type ClaimRefusal = 'expired' | 'claim_closed_online' | 'not_active';

/**
 * Why an open ticket cannot be claimed online for a sailing: it must still be valid on the sailing's date (3 months
 * from issue) and the sailing must leave at least 1 hour from now; otherwise "claim at the counter".
 */
export function claimRefusal(
  ticket: TicketState,
  validUntil: string,
  sailingDate: string,
  departsAt: Date,
  now: Date,
): ClaimRefusal | undefined {
  if (ticket.status !== 'active') return 'not_active';
  if (sailingDate > validUntil) return 'expired';
  if (minutesBefore(departsAt, now) < CLAIM_CLOSES_MINUTES_BEFORE) return 'claim_closed_online';
  return undefined;
}
