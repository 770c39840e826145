import { paymentMethodLabel } from '../../i18n/payment-method.ts';
import { agencyTime } from '../../domain/agency.ts';
import type { BookingState } from '../../domain/booking-search.ts';
import { formatPortTime, formatRupiah } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { translate, type MessageKey } from '../../i18n/translate.ts';
import type { Network } from '../network.ts';
import type { HistoryEntry } from '../services/booking-history.ts';
import type { PassengerView } from '../services/booking-view.ts';
import { routeGuides } from './route-guides.ts';

/*
 * What the console's booking pages show, in the reader's language (pages/[...locale]/staff/_bookings.ts and
 * _booking-search.ts): a booking's state, route names, its history's lines, a passenger's correction fields.
 */

/** The value asked for in the address when it is one of `values`; anything else is no filter. */
export const pick = <T extends string>(values: readonly T[], asked: string | null): T | undefined =>
  values.find((value) => value === asked);

/** A route's name in the reader's language: `Batam Centre – HarbourFront`. */
export function routeNames(network: Network, locale: Locale): Map<string, string> {
  return new Map(
    routeGuides(network, locale).map((guide) => [guide.id, `${guide.from.name} – ${guide.to.name}`]),
  );
}

export const stateLabel = (state: BookingState, locale: Locale) =>
  translate(`booking_status_${state}` as MessageKey, locale);

/** What a line of the history adds, in the reader's language: amounts, why money goes back, which mail. */
function historyDetail(entry: HistoryEntry, locale: Locale): string {
  if (entry.source === 'audit') {
    const { mail, tickets } = (entry.after ?? {}) as { mail?: string; tickets?: unknown };
    return [
      mail ? translate(`staff_mail_${mail}` as MessageKey, locale) : '',
      // A cancellation's tickets, so one that refunds nothing still says what it cancelled.
      Array.isArray(tickets) ? tickets.join(', ') : '',
      entry.reason ?? '',
    ]
      .filter(Boolean)
      .join(' · ');
  }
  const { amount, method, why, tickets } = entry.detail;
  return [
    method ? paymentMethodLabel(method, locale) : undefined,
    amount === undefined ? undefined : formatRupiah(amount, locale),
    why ? translate(`staff_refund_reason_${why}`, locale) : undefined,
    tickets,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** One line of the history as the page reads it: when, what, who, and what it adds. */
export function historyLine(entry: HistoryEntry, locale: Locale) {
  return {
    when: formatPortTime(agencyTime(entry.at), locale),
    what:
      entry.source === 'record'
        ? translate(`staff_history_${entry.event}`, locale)
        : translate(`audit_${entry.action.replace('.', '_')}` as MessageKey, locale),
    who: entry.source === 'audit' ? translate(`staff_actor_${entry.actorKind}`, locale) : '',
    detail: historyDetail(entry, locale),
  };
}

type PassengerField = keyof Pick<
  PassengerView,
  'fullName' | 'dateOfBirth' | 'passportNumber' | 'passportCountry' | 'passportIssued' | 'passportExpiry'
>;

/** A passenger's correction form's fields, as the booking flow names them, filled with what is stored. */
export function passengerFields(passenger: PassengerView, locale: Locale) {
  const field = (name: PassengerField, type: 'text' | 'date', label: MessageKey, list?: string) => ({
    name,
    label: translate(label, locale),
    type,
    value: passenger[name] ?? '',
    ...(list ? { list } : {}),
  });
  return [
    field('fullName', 'text', 'flow_full_name'),
    field('dateOfBirth', 'date', 'flow_birth_date'),
    field('passportNumber', 'text', 'flow_passport_number'),
    field('passportCountry', 'text', 'flow_passport_country', 'staff-countries'),
    field('passportIssued', 'date', 'flow_passport_issued'),
    field('passportExpiry', 'date', 'flow_passport_expiry'),
  ];
}
