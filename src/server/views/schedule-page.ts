import type { Locale } from '../../i18n/locales.ts';
import type { FieldErrors, SearchValues } from '../../islands/search-form/types.ts';
import { arrangeSailings } from '../../domain/sailing-order.ts';
import { returnLeavesInTime } from '../../domain/trip-dates.ts';
import { resultsViewSchema, searchQuerySchema, type ResultsView } from '../../schemas/search.ts';
import type { AppDeps } from '../deps.ts';
import { searchSchedules, type SailingResult, type SearchResult } from '../services/search-schedules.ts';
import { issuesToErrors, localizeErrors, Refused } from '../validation-errors.ts';
import { searchValues } from './search-form-props.ts';

export interface Selection {
  outbound?: SailingResult | undefined;
  back?: SailingResult | undefined;
  /** The chosen return leaves before the chosen outbound arrives. */
  returnTooEarly: boolean;
  total?: number;
}

export interface SchedulePage {
  status: 200 | 400;
  values: SearchValues;
  errors: FieldErrors;
  result?: SearchResult;
  selection: Selection;
  /** How the traveller asked to see the sailings: sorted, and filtered by operator and time of day. */
  view: ResultsView;
  /** Each leg's sailings in that view. */
  shown: { out: SailingResult[]; ret: SailingResult[] };
  /** The operators sailing on the day(s) searched, for the operator filter. */
  operators: { code: string; name: string }[];
}

/** A sailing in one line, as the results' choice and the selection bar name it: `08:00 WIB → 09:00 SGT, Selat Express`. */
export function sailingSummary(sailing: SailingResult): string {
  const { departure, arrival } = sailing;
  return `${departure.time} ${departure.zone} → ${arrival.time} ${arrival.zone}, ${sailing.operator.name}`;
}

/** Why a return sailing cannot go with the chosen outbound. */
export function leavesBeforeArrival(back: SailingResult, outbound: SailingResult | undefined): boolean {
  return (
    outbound !== undefined && !returnLeavesInTime(new Date(outbound.arrival.at), new Date(back.departure.at))
  );
}

/**
 * Runs the search of /booking/schedule and reads the chosen sailings: from its query string (the search form's GET),
 * or from the fields of a refused "Continue" (which carries the search and the choices).
 */
export async function loadSchedulePage(
  deps: AppDeps,
  params: URLSearchParams,
  locale: Locale,
): Promise<SchedulePage> {
  const values = searchValues(params);
  const view = resultsViewSchema.parse(Object.fromEntries(params));
  const nothing = { selection: { returnTooEarly: false }, view, shown: { out: [], ret: [] }, operators: [] };
  if (!params.has('from')) return { status: 200, values, errors: {}, ...nothing };
  const parsed = searchQuerySchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) {
    return {
      status: 400,
      values,
      errors: localizeErrors(issuesToErrors(parsed.error.issues), locale),
      ...nothing,
    };
  }
  try {
    const result = await searchSchedules(parsed.data, {
      db: await deps.database(),
      network: deps.network,
      now: deps.clock(),
      locale,
      horizonDays: deps.horizonDays,
    });
    const outbound = result.outbound?.sailings.find((s) => s.id === params.get('out'));
    const back = result.return?.sailings.find((s) => s.id === params.get('ret'));
    const returnTooEarly = back !== undefined && leavesBeforeArrival(back, outbound);
    const complete = outbound && (result.trip !== 'two_way' || (back && !returnTooEarly));
    const total = complete
      ? outbound.price.subtotal.total + (back?.price.subtotal.total ?? 0) + result.transactionFee
      : undefined;
    const all = [...(result.outbound?.sailings ?? []), ...(result.return?.sailings ?? [])];
    return {
      status: 200,
      values,
      errors: {},
      result,
      selection: { outbound, back, returnTooEarly, ...(total ? { total } : {}) },
      view,
      shown: {
        out: arrangeSailings(result.outbound?.sailings ?? [], view, [outbound?.id]),
        ret: arrangeSailings(result.return?.sailings ?? [], view, [back?.id]),
      },
      operators: [...new Map(all.map((s) => [s.operator.code, s.operator])).values()],
    };
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return { status: 400, values, errors: localizeErrors(error.errors, locale), ...nothing };
  }
}
