import {
  OTHER_OPERATOR_FEE,
  cancellationQuote,
  cancellationRefusal,
  delayedChangeRefusal,
  checkInRefusal,
  claimRefusal,
  rescheduleFee,
  rescheduleRefusal,
  splitKeepsMinorsAccompanied,
  targetSailingRefusal,
  travelling,
  type CancellationRefusal,
  type CheckInRefusal,
  type ClaimRefusal,
  type RescheduleRefusal,
  type TargetSailingRefusal,
} from './after-sales.ts';
import type { OfferSailing, OfferTicket, TicketVerdict } from './offer-ticket.ts';
import { openTicketValidity } from './ticket-validity.ts';
import { returnLeavesInTime } from './trip-dates.ts';

/**
 * One offer per after-sales task (as pretix's `user_cancel_allowed` and `user_cancel_fee`): per ticket, what the
 * traveller may do at `now` and at what price, or the domain's reason why not; and, for a choice of tickets, what
 * the whole choice comes to. The task pages, the order page's actions, the mails and the use cases (after their
 * locks) all ask these, so a ticket offered on a page is the ticket the use case accepts. The rules themselves are
 * after-sales.ts's; these put them together over a booking's tickets.
 */

const pickChosen = (tickets: readonly OfferTicket[], chosen: readonly string[]) => {
  const wanted = new Set(chosen);
  const known = tickets.filter((t) => wanted.has(t.ticketNumber));
  return { wanted, known, unknown: known.length !== wanted.size };
};
const firstRefusal = <R extends string>(verdicts: readonly TicketVerdict<object, R>[]): R | undefined => {
  for (const verdict of verdicts) if (!verdict.allowed) return verdict.reason;
  return undefined;
};
const categoriesOf = (group: readonly OfferTicket[]) => group.map((t) => t.category);
/** How the operator changed a ticket's sailing, if it did: either way its traveller's changes are free. */
const operatorChange = (t: Pick<OfferTicket, 'sailing' | 'issuedAt'>) => {
  const sailing = t.sailing;
  if (sailing?.cancelled) return 'cancelled' as const;
  const delayedForIt = sailing?.delayed && (!sailing.delayedAt || t.issuedAt < sailing.delayedAt);
  return delayedForIt ? ('delayed' as const) : undefined;
};

export type CancellationChoiceRefusal = CancellationRefusal | 'unknown_ticket' | 'minors_alone';

export interface CancellationOffer {
  tickets: TicketVerdict<
    { paid: number; fee: number; refund: number; operatorCancelled: boolean; operatorDelayed: boolean },
    CancellationRefusal
  >[];
  /** For the chosen tickets: what cancelling them comes to, and the first reason it cannot be done now. */
  choice?: {
    paid: number;
    fee: number;
    refund: number;
    /** Every chosen ticket's sailing was changed by its operator, one of them cancelled: the refund's reason. */
    operatorCancelled: boolean;
    /** Every chosen ticket's sailing was delayed by its operator (none cancelled): the refund's reason. */
    operatorDelayed: boolean;
    refusal?: CancellationChoiceRefusal;
  };
}

/**
 * Cancelling tickets of a booking at `now`: each ticket with its refund (what was paid less the fee, none when the
 * operator cancelled) or why it cannot be cancelled; with `chosen` tickets, their quote and whether the passengers
 * left on each sailing may still travel (no child or infant left without an adult).
 */
export function cancellationOffer(
  tickets: readonly OfferTicket[],
  now: Date,
  chosen: readonly string[] = [],
): CancellationOffer {
  const verdicts = tickets.map((t): CancellationOffer['tickets'][number] => {
    const change = operatorChange(t);
    const departure = t.sailing?.departsAt ?? openTicketValidity(t.issuedAt, now);
    const reason =
      change === 'delayed' && t.sailing
        ? delayedChangeRefusal(t, t.sailing.departsAt, now)
        : cancellationRefusal(t, departure, now, change === 'cancelled');
    if (reason) return { ticketNumber: t.ticketNumber, allowed: false, reason };
    const quote = cancellationQuote([{ paid: t.paid, operatorCancelled: change !== undefined }]);
    const operator = { operatorCancelled: change === 'cancelled', operatorDelayed: change === 'delayed' };
    return { ticketNumber: t.ticketNumber, allowed: true, ...quote, ...operator };
  });
  if (chosen.length === 0) return { tickets: verdicts };
  const { wanted, known, unknown } = pickChosen(tickets, chosen);
  const changes = known.map(operatorChange);
  // The fee is waived whichever way the operator changed the sailing.
  const priced = known.map((t, i) => ({ paid: t.paid, operatorCancelled: changes[i] !== undefined }));
  const staying = tickets.filter((t) => !wanted.has(t.ticketNumber) && travelling.includes(t.status));
  const groups = Map.groupBy(staying, (t) => `${String(t.leg)}:${String(t.segment)}`);
  const refusal: CancellationChoiceRefusal | undefined = unknown
    ? 'unknown_ticket'
    : (firstRefusal(verdicts.filter((v) => wanted.has(v.ticketNumber))) ??
      (splitKeepsMinorsAccompanied([...groups.values()].map(categoriesOf)) ? undefined : 'minors_alone'));
  return {
    tickets: verdicts,
    choice: {
      ...cancellationQuote(priced),
      // A choice on sailings the operator changed both ways is the cancellation's (its refund reason and note).
      operatorCancelled: changes.every((change) => change !== undefined) && changes.includes('cancelled'),
      operatorDelayed: changes.every((change) => change === 'delayed'),
      ...(refusal ? { refusal } : {}),
    },
  };
}

/** A sailing tickets may move onto. */
export interface RescheduleTarget {
  id: string;
  routeId: string;
  operatorCode: string;
  status: string;
  departsAt: Date;
  arrivesAt: Date;
}

export type RescheduleChoiceRefusal =
  | RescheduleRefusal
  | TargetSailingRefusal
  | 'unknown_ticket'
  | 'one_leg'
  | 'minors_alone'
  | 'after_return'
  | 'before_outbound';

/** The fee of moving one ticket onto a sailing of `toOperator`: free with its own operator, or when it changed the sailing. */
export function moveFee(
  ticket: Pick<OfferTicket, 'operatorCode' | 'sailing' | 'issuedAt'>,
  toOperator: string,
): number {
  return operatorChange(ticket) ? 0 : rescheduleFee(ticket.operatorCode, toOperator, 1);
}

export interface RescheduleOffer {
  /** Allowed: what a move onto another operator's sailing costs it, paid at the counter (its own: free). */
  tickets: TicketVerdict<{ otherOperatorFee: number }, RescheduleRefusal>[];
  /** For the chosen tickets (and the sailing, once asked): the fee per ticket and in all, or why not. */
  choice?: { fees: Record<string, number>; counterFee: number; refusal?: RescheduleChoiceRefusal };
}

/**
 * Moving tickets of a booking onto another sailing of their route at `now`: each ticket, or why it cannot move;
 * with `choice`, the chosen tickets (all of one leg, the party split so every minor keeps an adult) and, once a
 * `target` is asked, that it suits each of them, that each passenger's other leg still fits around it, and the fees.
 */
export function rescheduleOffer(
  tickets: readonly OfferTicket[],
  now: Date,
  choice?: { tickets: readonly string[]; target?: RescheduleTarget | undefined },
): RescheduleOffer {
  const verdicts = tickets.map((t): RescheduleOffer['tickets'][number] => {
    // An open ticket names no sailing: it is claimed, not rescheduled.
    const change = operatorChange(t);
    const reason = !t.sailing
      ? 'not_active'
      : change === 'delayed'
        ? delayedChangeRefusal(t, t.sailing.departsAt, now)
        : rescheduleRefusal(t, t.sailing.departsAt, now, change === 'cancelled');
    if (reason) return { ticketNumber: t.ticketNumber, allowed: false, reason };
    const otherOperatorFee = change ? 0 : OTHER_OPERATOR_FEE;
    return { ticketNumber: t.ticketNumber, allowed: true, otherOperatorFee };
  });
  if (!choice || choice.tickets.length === 0) return { tickets: verdicts };
  const { wanted, known, unknown } = pickChosen(tickets, choice.tickets);
  const { target } = choice;
  const fees = Object.fromEntries(
    known.map((t) => [t.ticketNumber, target ? moveFee(t, target.operatorCode) : 0]),
  );
  const counterFee = Object.values(fees).reduce((sum, fee) => sum + fee, 0);
  const refusal = unknown ? 'unknown_ticket' : moveRefusal(tickets, verdicts, known, wanted, now, target);
  return { tickets: verdicts, choice: { fees, counterFee, ...(refusal ? { refusal } : {}) } };
}

/** The first reason a chosen move cannot be made, in the order the traveller can act on them. */
function moveRefusal(
  tickets: readonly OfferTicket[],
  verdicts: RescheduleOffer['tickets'],
  chosen: readonly OfferTicket[],
  wanted: ReadonlySet<string>,
  now: Date,
  target: RescheduleTarget | undefined,
): RescheduleChoiceRefusal | undefined {
  const direction = chosen[0]?.leg ?? 0;
  if (chosen.some((t) => t.leg !== direction)) return 'one_leg';
  for (const ticket of chosen) {
    const verdict = verdicts.find((v) => v.ticketNumber === ticket.ticketNumber);
    if (verdict && !verdict.allowed) return verdict.reason;
    const current = { sailingId: ticket.sailing?.id ?? null, routeId: ticket.routeId };
    const onTarget = target && targetSailingRefusal(current, target, now);
    if (onTarget) return onTarget;
  }
  const staying = tickets.filter(
    (t) => t.leg === direction && !wanted.has(t.ticketNumber) && travelling.includes(t.status),
  );
  const groups = [chosen, ...Map.groupBy(staying, (t) => t.segment).values()].map(categoriesOf);
  if (!splitKeepsMinorsAccompanied(groups)) return 'minors_alone';
  if (!target) return undefined;
  // The other leg of a return trip must still fit around the new sailing, for every passenger who moves.
  for (const ticket of chosen) {
    const other = tickets.find(
      (t) => t.passenger === ticket.passenger && t.leg !== direction && travelling.includes(t.status),
    )?.sailing;
    if (!other) continue;
    if (direction === 0 && !returnLeavesInTime(target.arrivesAt, other.departsAt)) return 'after_return';
    if (direction !== 0 && !returnLeavesInTime(other.arrivesAt, target.departsAt)) return 'before_outbound';
  }
  return undefined;
}

/**
 * Whether online check-in is open for a sailing at `now` (24 hours to 1 hour before it leaves, and not cancelled),
 * or why not: what the check-in page says of a sailing, whoever is on it.
 */
export function checkInWindow(sailing: OfferSailing, now: Date): CheckInRefusal | undefined {
  return checkInRefusal({ status: 'active' }, sailing.departsAt, now, sailing.cancelled);
}

export interface CheckInOffer {
  /** Allowed: `checkedIn` when it was already (asking again gives the same boarding pass). */
  tickets: TicketVerdict<{ checkedIn: boolean }, CheckInRefusal>[];
}

/** Checking tickets in online at `now`: each ticket, or why it cannot (its passport is the use case's to read). */
export function checkInOffer(tickets: readonly OfferTicket[], now: Date): CheckInOffer {
  return {
    tickets: tickets.map((t) => {
      // An open ticket names no sailing until it is claimed: there is nothing to check in for yet.
      const reason = t.sailing
        ? checkInRefusal(t, t.sailing.departsAt, now, t.sailing.cancelled)
        : 'not_active';
      if (reason) return { ticketNumber: t.ticketNumber, allowed: false, reason };
      return { ticketNumber: t.ticketNumber, allowed: true, checkedIn: t.status === 'checked_in' };
    }),
  };
}

/** A sailing an open ticket may be claimed for; `date` is its local date at the departure terminal. */
export interface ClaimTarget {
  routeId: string;
  operatorCode: string;
  status: string;
  departsAt: Date;
  date: string;
}

/** `not_active` for a choice: no ticket of the party waits for a sailing. */
export type ClaimChoiceRefusal = ClaimRefusal | 'other_operator' | 'not_scheduled';

export interface ClaimOffer {
  /** Allowed: the last (Batam) day it can be used. */
  tickets: TicketVerdict<{ validUntil: string }, ClaimRefusal>[];
  /** With a sailing asked: the tickets the claim takes (every one still waiting), or why it cannot now. */
  choice?: { tickets: string[]; refusal?: ClaimChoiceRefusal };
}

/**
 * Claiming an open ticket at `now`: each ticket still waiting for a sailing and valid today, or why not; with a
 * `target`, the whole waiting party on a sailing of its route and operator, leaving at least 1 hour from now and on
 * or before the tickets' last valid day.
 */
export function claimOffer(tickets: readonly OfferTicket[], now: Date, target?: ClaimTarget): ClaimOffer {
  const waiting = (t: OfferTicket) => t.status === 'active' && !t.sailing;
  const verdicts = tickets.map((t): ClaimOffer['tickets'][number] => {
    const { validUntil, today } = openTicketValidity(t.issuedAt, now);
    const reason = !waiting(t)
      ? 'not_active'
      : target
        ? claimRefusal(t, validUntil, target.date, target.departsAt, now)
        : today > validUntil
          ? 'expired'
          : undefined;
    if (reason) return { ticketNumber: t.ticketNumber, allowed: false, reason };
    return { ticketNumber: t.ticketNumber, allowed: true, validUntil };
  });
  if (!target) return { tickets: verdicts };
  const party = tickets.filter(waiting);
  const leg = party[0] ?? tickets[0];
  const refusal: ClaimChoiceRefusal | undefined =
    leg && (target.routeId !== leg.routeId || target.operatorCode !== leg.operatorCode)
      ? 'other_operator'
      : target.status !== 'scheduled'
        ? 'not_scheduled'
        : party.length === 0
          ? 'not_active'
          : firstRefusal(verdicts.filter((v) => party.some((t) => t.ticketNumber === v.ticketNumber)));
  return {
    tickets: verdicts,
    choice: { tickets: party.map((t) => t.ticketNumber), ...(refusal ? { refusal } : {}) },
  };
}
