import {
  CHECK_IN_OPENS_MINUTES_BEFORE,
  travelling,
  type CancellationRefusal,
  type CheckInRefusal,
  type ClaimRefusal,
  type RescheduleRefusal,
} from '../../domain/after-sales.ts';
import type { OfferTicket } from '../../domain/offer-ticket.ts';
import type { CancellationOffer, CheckInOffer, ClaimOffer, RescheduleOffer } from '../../domain/offers.ts';
import { portTime } from '../../domain/port-time.ts';
import { formatDuration, formatPortTime } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { translate, type MessageKey } from '../../i18n/translate.ts';
import { agencyOffice, terminalCounter } from '../agency-contacts.ts';
import type { Network } from '../network.ts';
import type { BookingLegView } from '../services/booking-view.ts';

/** One ticket's answer from each offer (domain/offers.ts). */
export interface TicketRefusals {
  checkIn?: CheckInOffer['tickets'][number] | undefined;
  reschedule?: RescheduleOffer['tickets'][number] | undefined;
  cancel?: CancellationOffer['tickets'][number] | undefined;
  claim?: ClaimOffer['tickets'][number] | undefined;
}

/**
 * Each offer's every reason, and the line Manage booking says for it: why, and what to do instead. `null`: nothing
 * to say (`not_active`, a task that does not apply to the ticket, such as claiming one that has a sailing). The
 * reschedule's and the cancellation's shared reasons share a line, said once.
 */
export const refusalLineKeys = {
  reschedule: {
    change_closed: 'manage_why_changes_closed',
    checked_in: 'manage_why_checked_in',
    claim_closed: 'manage_why_claim_closed',
    already_rescheduled: 'manage_why_rescheduled_once',
    not_active: null,
  } satisfies Record<RescheduleRefusal, MessageKey | null>,
  cancel: {
    change_closed: 'manage_why_changes_closed',
    checked_in: 'manage_why_checked_in',
    claim_closed: 'manage_why_claim_closed',
    not_active: null,
  } satisfies Record<CancellationRefusal, MessageKey | null>,
  checkIn: {
    not_open_yet: 'manage_why_check_in_opens',
    closed: 'checkin_error_closed',
    sailing_cancelled: 'checkin_error_sailing_cancelled',
    not_active: null,
  } satisfies Record<CheckInRefusal, MessageKey | null>,
  claim: {
    expired: 'manage_why_open_expired',
    claim_closed_online: 'claim_error_closed_online',
    not_active: null,
  } satisfies Record<ClaimRefusal, MessageKey | null>,
} as const;

/**
 * Why a ticket still travelling cannot be given the tasks its offers refuse now, each with what to do instead, in
 * the reader's words and once each: "Departs in 1 h 36 min: changes and cancellations are made at our Batam Centre
 * Ferry Terminal counter, +62 778 470 2006" stands for both the reschedule's and the cancellation's refusal. A
 * ticket done with (cancelled, moved, used) or whose sailing has left says nothing: its status says it all.
 */
export function refusalLines(
  ticket: OfferTicket,
  verdicts: TicketRefusals,
  leg: BookingLegView,
  network: Network,
  now: Date,
  locale: Locale,
): string[] {
  if (!travelling.includes(ticket.status)) return [];
  const sailing = ticket.sailing;
  if (sailing && sailing.departsAt <= now && !sailing.cancelled) return [];
  const office = agencyOffice();
  const counter = terminalCounter(leg.fromCode);
  // Where a change happens instead: the agency's counter at the departure terminal, or, where it has none, its
  // office by phone (never a counter that is not there).
  const where = counter
    ? translate('manage_where_counter', locale, { counter: counter.name[locale], phone: counter.phone })
    : translate('manage_where_office', locale, { phone: office.phone });
  const minutesLeft = sailing
    ? Math.max(1, Math.floor((sailing.departsAt.getTime() - now.getTime()) / 60_000))
    : 0;
  const checkInOpens =
    sailing && new Date(sailing.departsAt.getTime() - CHECK_IN_OPENS_MINUTES_BEFORE * 60_000);
  const params = {
    where,
    duration: formatDuration(minutesLeft, locale),
    when: checkInOpens ? formatPortTime(portTime(checkInOpens, network.zoneOf(leg.fromCode)), locale) : '',
  };
  const officeParams = { phone: office.phone };
  const lines = new Set<string>();
  for (const [offer, keys] of Object.entries(refusalLineKeys) as [
    keyof TicketRefusals,
    Record<string, MessageKey | null>,
  ][]) {
    const verdict = verdicts[offer];
    if (!verdict || verdict.allowed) continue;
    // A claimed open ticket is not rescheduled (its one choice of sailing is made): `not_active`, said as such.
    const key =
      offer === 'reschedule' && verdict.reason === 'not_active' && ticket.status === 'claimed'
        ? 'manage_why_claimed'
        : keys[verdict.reason];
    if (!key) continue;
    const byOffice = key === 'manage_why_claim_closed' || key === 'manage_why_open_expired';
    lines.add(translate(key, locale, byOffice ? officeParams : params));
  }
  return [...lines];
}
