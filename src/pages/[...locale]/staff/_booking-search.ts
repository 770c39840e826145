import { agencyTime } from '../../../domain/agency.ts';
import { bookingStates, moneyStates } from '../../../domain/booking-search.ts';
import { formatPortTime, formatRupiah } from '../../../i18n/format.ts';
import { localizePath } from '../../../i18n/locales.ts';
import { translate, type MessageKey } from '../../../i18n/translate.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { failedMails } from '../../../server/services/booking-history.ts';
import { searchBookings, type BookingQuery } from '../../../server/services/booking-search.ts';
import { pick, routeNames, stateLabel } from '../../../server/views/staff-booking.ts';
import { consoleEntry } from './_console.ts';

/** How many bookings a search lists; more say "add a detail". */
const SEARCH_LIMIT = 50;

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
