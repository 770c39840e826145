import { agencyTime } from '../../../domain/agency.ts';
import { BOOKING_ID_PATTERN } from '../../../domain/booking-code.ts';
import {
  bookingStates,
  bookingStateOf,
  moneyStates,
  type BookingState,
} from '../../../domain/booking-search.ts';
import { ticketStanding } from '../../../domain/booking-standing.ts';
import { resendableMails } from '../../../domain/staff-actions.ts';
import { ticketStandingLabel } from '../../../i18n/booking-status.ts';
import { formatDate, formatPortTime, formatRupiah } from '../../../i18n/format.ts';
import { localizePath, type Locale } from '../../../i18n/locales.ts';
import { translate, type MessageKey } from '../../../i18n/translate.ts';
import type { AnyUseCase } from '../../../server/use-cases/use-case.ts';
import { submitForm } from '../../../server/http/form-post.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import type { Network } from '../../../server/network.ts';
import { bookingHistory, failedMails, type HistoryEntry } from '../../../server/services/booking-history.ts';
import { searchBookings, type BookingQuery } from '../../../server/services/booking-search.ts';
import { bookingView, type PassengerView } from '../../../server/services/booking-view.ts';
import { routeGuides } from '../../../server/views/route-guides.ts';
import { refundStateLine } from '../../../components/staff/refund-words.ts';
import { useCasePorts } from '../../../server/http/use-case-ports.ts';
import { refundQueue } from '../../../server/use-cases/refund-queue.ts';
import { staffResendMail } from '../../../server/use-cases/staff-resend-mail.ts';
import { staffCorrectPassenger } from '../../../server/use-cases/staff-correct-passenger.ts';
import { staffCorrectContact } from '../../../server/use-cases/staff-correct-contact.ts';
import { countryList } from '../../../server/views/countries.ts';
import { consoleEntry } from './_console.ts';

const pick = <T extends string>(values: readonly T[], asked: string | null): T | undefined =>
  values.find((value) => value === asked);

/** A route's name in the reader's language: `Batam Centre – HarbourFront`. */
function routeNames(network: Network, locale: Locale): Map<string, string> {
  return new Map(
    routeGuides(network, locale).map((guide) => [guide.id, `${guide.from.name} – ${guide.to.name}`]),
  );
}

/** How many bookings a search lists; more say "add a detail". */
const SEARCH_LIMIT = 50;

const stateLabel = (state: BookingState, locale: Locale) =>
  translate(`booking_status_${state}` as MessageKey, locale);

/**
 * `/staff/bookings`: the one search box and its filters (all in the address, so a search can be shared and reloaded),
 * and the bookings found, newest first. With nothing asked, the newest bookings.
 */
export async function serveBookingSearch(astro: PageAstro) {
  const { locale, deps } = astro.locals;
  const entry = await consoleEntry(astro, 'agent');
  if (entry instanceof Response || !entry.allowed) return entry;
  const asked = astro.url.searchParams;
  const names = routeNames(deps.network, locale);
  const date = asked.get('date') ?? '';
  const query: BookingQuery = {
    text: (asked.get('q') ?? '').slice(0, 200),
    state: pick(bookingStates, asked.get('state')),
    money: pick(moneyStates, asked.get('money')),
    routeId: names.has(asked.get('route') ?? '') ? (asked.get('route') ?? undefined) : undefined,
    sailingOn: /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(date)) ? date : undefined,
  };
  const rows = await searchBookings(entry.db, { ...query, limit: SEARCH_LIMIT }, deps.clock());
  const detail = localizePath('/staff/bookings', locale);
  return {
    allowed: true as const,
    bar: entry.bar,
    query,
    searched: [query.text, query.state, query.money, query.routeId, query.sailingOn].some(Boolean),
    capped: rows.length === SEARCH_LIMIT,
    states: bookingStates.map((state) => ({ value: state, label: stateLabel(state, locale) })),
    money: moneyStates.map((state) => ({
      value: state,
      label: translate(`staff_money_${state}` as MessageKey, locale),
    })),
    routes: [...names].map(([value, label]) => ({ value, label })),
    rows: rows.map((row) => ({
      code: row.code,
      href: `${detail}/${row.id}`,
      state: stateLabel(row.state, locale),
      contact: [row.contactName, row.contactEmail].filter(Boolean).join(' · '),
      sailing: row.firstSailing
        ? `${names.get(row.firstSailing.routeId) ?? row.firstSailing.routeId}, ${formatPortTime(agencyTime(row.firstSailing.departsAt), locale)}`
        : '',
      total: formatRupiah(row.total, locale),
    })),
  };
}

/** What a line of the history adds, in the reader's language: amounts, why money goes back, which mail. */
function historyDetail(entry: HistoryEntry, locale: Locale): string {
  if (entry.source === 'audit') {
    const mail = (entry.after as { mail?: string } | null)?.mail;
    return [mail ? translate(`staff_mail_${mail}` as MessageKey, locale) : '', entry.reason ?? '']
      .filter(Boolean)
      .join(' · ');
  }
  const { amount, bank, why, tickets } = entry.detail;
  return [
    bank?.toUpperCase(),
    amount === undefined ? undefined : formatRupiah(amount, locale),
    why ? translate(`staff_refund_reason_${why}`, locale) : undefined,
    tickets,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** One line of the history as the page reads it: when, what, who, and what it adds. */
function historyLine(entry: HistoryEntry, locale: Locale) {
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
function passengerFields(passenger: PassengerView, locale: Locale) {
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

/** The actions a booking's page posts to itself, by the word in the address (`?contact`). */
const doors = { resend: staffResendMail, correct: staffCorrectPassenger, contact: staffCorrectContact };

/**
 * `/staff/bookings/{id}`: a booking as the agency sees it (its sailings, passengers with their passports and tickets,
 * payment and refunds), its e-mails with their state, its whole history, and the actions on it, whose forms post here
 * (`?resend`).
 */
export async function serveBookingDetail(astro: PageAstro, id: string) {
  const { locale, deps } = astro.locals;
  const entry = await consoleEntry(astro, 'agent');
  if (entry instanceof Response || !entry.allowed) return entry;
  const notFound = () => {
    astro.response.status = 404;
    return { allowed: true as const, found: false as const, bar: entry.bar };
  };
  if (!BOOKING_ID_PATTERN.test(id)) return notFound();
  const asked = astro.url.searchParams;
  const form = (['resend', 'correct', 'contact'] as const).find((name) => asked.has(name));
  const action: AnyUseCase | undefined = form && doors[form];
  const posted = action ? await submitForm(entry.page.form, action, { params: { id } }) : undefined;
  if (posted instanceof Response) return posted;
  if (posted) astro.response.status = posted.status;
  const view = await bookingView(entry.db, deps.network, id, locale);
  if (!view) return notFound();
  const now = deps.clock();
  const [history, refunds] = await Promise.all([
    bookingHistory(entry.db, view.id),
    refundQueue({ db: entry.db, calendar: useCasePorts.calendar }, now, { bookingId: view.id }),
  ]);
  const tickets = view.passengers.flatMap((passenger) => passenger.tickets);
  const onSailing = (ticket: { leg: number; segment: number }) =>
    view.legs.some((leg) => leg.leg === ticket.leg && leg.segment === ticket.segment && leg.sailingId);
  const resent = pick(resendableMails, asked.get('resent'));
  return {
    allowed: true as const,
    found: true as const,
    bar: entry.bar,
    csrf: entry.page.csrf,
    code: view.code,
    contact: view.contact,
    language: translate(`staff_booking_language_${view.locale}`, locale),
    state: stateLabel(bookingStateOf(view, tickets, now), locale),
    total: formatRupiah(view.price.total, locale),
    created: formatPortTime(agencyTime(view.createdAt), locale),
    legs: view.legs.map((leg) => ({
      what: `${translate(leg.leg === 0 ? 'trip_leg_outbound' : 'trip_leg_return', locale)}: ${leg.from} – ${leg.to}, ${leg.operator}`,
      when: leg.departure
        ? formatPortTime(leg.departure, locale)
        : translate('staff_booking_open_leg', locale),
    })),
    passengers: view.passengers.map((passenger) => ({
      position: passenger.position,
      fields: passengerFields(passenger, locale),
      name: passenger.fullName,
      category: translate(`price_category_${passenger.category}`, locale),
      born: passenger.dateOfBirth
        ? translate('staff_booking_born', locale, { date: formatDate(passenger.dateOfBirth, locale) })
        : '',
      passport: translate('staff_booking_passport', locale, {
        number: passenger.passportNumber,
        country: passenger.passportCountry,
        expiry: formatDate(passenger.passportExpiry, locale),
      }),
      eTicket: passenger.eTicketNumber ?? '',
      tickets: passenger.tickets.map((ticket) => ({
        number: ticket.ticketNumber,
        standing: ticketStandingLabel(
          ticketStanding({ ...ticket, hasSailing: onSailing(ticket) }, view.refunds),
          locale,
        ),
      })),
    })),
    payment: view.payment
      ? translate('staff_booking_payment_line', locale, {
          bank: view.payment.bank.toUpperCase(),
          number: view.payment.accountNumber,
          amount: formatRupiah(view.payment.amount, locale),
          status: translate(`staff_payment_${view.payment.status}`, locale),
        })
      : '',
    refunds: refunds.map((refund) => ({
      amount: formatRupiah(refund.amount, locale),
      reason: translate(`staff_refund_reason_${refund.reason}`, locale),
      progress: refundStateLine(refund, locale),
    })),
    mails: history.mails.map((mail) => ({
      line: translate('staff_booking_mail_line', locale, {
        kind: translate(`staff_mail_${mail.kind}`, locale),
        state: translate(`staff_mail_state_${mail.state}`, locale),
        when: formatPortTime(agencyTime(mail.sentAt ?? mail.createdAt), locale),
      }),
      attempts: mail.attempts > 0 ? translate('staff_mail_attempts', locale, { count: mail.attempts }) : '',
      failed: mail.state === 'failed',
    })),
    history: history.entries.map((line) => historyLine(line, locale)).reverse(),
    resendChoices: resendableMails.map((mail) => ({
      value: mail,
      label: translate(`staff_resend_${mail}`, locale),
    })),
    /** A refused post, for the form that sent it (a passenger's by their position). */
    posted: posted && { ...posted, to: form, position: Number(posted.form.get('position')) },
    countries: countryList(locale).map((country) => ({ code: country.code, name: country.name })),
    notice: resent
      ? translate('staff_resent_notice', locale)
      : asked.has('corrected')
        ? translate('staff_corrected_notice', locale)
        : asked.has('contact-corrected')
          ? translate('staff_contact_corrected_notice', locale)
          : undefined,
  };
}

/** `/staff/mails`: the booking mails given up on after their last try, each with its booking, for a person to act. */
export async function serveFailedMails(astro: PageAstro) {
  const { locale } = astro.locals;
  const entry = await consoleEntry(astro, 'agent');
  if (entry instanceof Response || !entry.allowed) return entry;
  const detail = localizePath('/staff/bookings', locale);
  const mails = await failedMails(entry.db);
  return {
    allowed: true as const,
    bar: entry.bar,
    mails: mails.map((mail) => ({
      code: mail.bookingCode,
      href: `${detail}/${mail.bookingId}`,
      kind: translate(`staff_mail_${mail.kind}`, locale),
      to: mail.contactEmail ?? '',
      attempts: translate('staff_mail_attempts', locale, { count: mail.attempts }),
      queued: formatPortTime(agencyTime(mail.createdAt), locale),
    })),
  };
}
