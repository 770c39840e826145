import * as m from '../../../paraglide/messages.js';
import { formatDate, formatShortDate } from '../../../i18n/format.ts';
import { localizePath } from '../../../i18n/locales.ts';
import { HOLD_COOKIE } from '../../../server/auth/browser-effects.ts';
import { formOf, submitForm } from '../../../server/http/form-post.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { leavesBeforeArrival, loadSchedulePage } from '../../../server/views/schedule-page.ts';
import { agencyToday } from '../../../domain/agency.ts';
import { terminalOptions } from '../../../server/views/search-form-props.ts';
import type { LegResult, SailingResult } from '../../../server/services/search-schedules.ts';
import { hold } from '../../../server/use-cases/hold-seats.ts';

/** The search's fields, carried as hidden fields by "Continue" and kept in its address. */
const hidden = ['trip', 'from', 'to', 'date', 'returnDate', 'adults', 'children', 'infants'] as const;

/**
 * /booking/schedule, the results of a search: server-rendered so that a phone without JavaScript gets results from
 * the plain GET form. "Continue" posts the chosen sailings here: held, the booking opens (303); refused, the same
 * results come back with the choices kept and the reason beside them. The browser's previous hold (its cookie) is
 * released and its details carried over by the hold use case.
 */
export async function serveSchedule(astro: PageAstro) {
  const { locale } = astro.locals;
  const t = { locale };
  const access = { grants: [], heldHere: astro.cookies.get(HOLD_COOKIE)?.value };
  const posted = await submitForm({ ...formOf(astro), access }, hold);
  if (posted instanceof Response) return posted;
  const page = await loadSchedulePage(astro.locals.deps, posted?.form ?? astro.url.searchParams, locale);
  astro.response.status = posted?.status ?? page.status;
  const deps = astro.locals.deps;
  const action = localizePath('/booking/schedule', locale);
  const { result, selection } = page;
  const passengers = result?.passengers ?? { adult: 1, child: 0, infant: 0 };
  const legs: { leg: LegResult; name: 'out' | 'ret'; title: string; chosen: SailingResult | undefined }[] =
    [];
  if (result?.outbound)
    legs.push({
      leg: result.outbound,
      name: 'out',
      title: m.results_outbound({}, t),
      chosen: selection.outbound,
    });
  if (result?.return)
    legs.push({ leg: result.return, name: 'ret', title: m.results_return({}, t), chosen: selection.back });
  // The search stays in the address (it is the GET that found these sailings); what was chosen travels in the
  // body. Only values shaped like search fields (codes, dates, counts): a hostile post must not make a broken address.
  const search = new URLSearchParams(
    hidden.flatMap((name) => (/^[\w-]{1,16}$/.test(page.values[name]) ? [[name, page.values[name]]] : [])),
  );
  // The search without the filters (the order and the choices stay): "Show all sailings" when a filter left nothing.
  const unfilteredQuery = new URLSearchParams(search);
  unfilteredQuery.set('sort', page.view.sort);
  if (selection.outbound) unfilteredQuery.set('out', selection.outbound.id);
  if (selection.back) unfilteredQuery.set('ret', selection.back.id);
  // Why "Continue" made no booking, said once (a return chosen too early is also seen by the page itself).
  const holdError = posted && Object.values(posted.errors).flat()[0];
  const counts = [
    [m.search_adults({}, t), passengers.adult],
    [m.search_children({}, t), passengers.child],
    [m.search_infants({}, t), passengers.infant],
  ] as const;
  const routeName = result?.outbound
    ? `${result.outbound.from.name} → ${result.outbound.to.name}`
    : result?.open
      ? `${result.open.from.name} → ${result.open.to.name}`
      : '';
  return {
    page,
    posted,
    result,
    selection,
    passengers,
    legs,
    hidden,
    search,
    action,
    holdAction: `${action}?${search.toString()}`,
    unfiltered: `${action}?${unfilteredQuery.toString()}`,
    refused: holdError !== undefined,
    // Results to show and nothing to correct in the form: it folds into its summary ("Edit" opens it).
    searched: result !== undefined && Object.keys(page.errors).length === 0,
    searchSummary: [
      routeName,
      ...(result?.outbound ? [formatShortDate(result.outbound.date, locale)] : []),
      ...(result?.return ? [formatShortDate(result.return.date, locale)] : []),
      ...counts.filter(([, count]) => count > 0).map(([label, count]) => `${label} ${String(count)}`),
    ].join(' · '),
    alerts: [
      ...new Set([holdError, selection.returnTooEarly ? m.results_return_after({}, t) : undefined]),
    ].filter((alert) => alert !== undefined),
    dateLabel: (date: string) => formatDate(date, locale),
    tooEarly: (sailing: SailingResult) => leavesBeforeArrival(sailing, selection.outbound),
    terminals: terminalOptions(deps.network, locale),
    today: agencyToday(deps.clock()),
  };
}
