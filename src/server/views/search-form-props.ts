import type { Locale } from '../../i18n/locales.ts';
import type { SearchValues, TerminalOption } from '../../islands/search-form/types.ts';
import type { Network } from '../network.ts';

/** Terminals in the reader's language with their valid destinations, for the search form. */
export function terminalOptions(network: Network, locale: Locale): TerminalOption[] {
  return network.data.terminals.map((t) => ({
    code: t.id,
    name: t.name[locale],
    country: t.country,
    destinations: network.destinations(t.id),
  }));
}

/** A query string's values as the form shows them, with the defaults of a first visit. */
export function searchValues(params: URLSearchParams): SearchValues {
  const get = (name: string, fallback = '') => params.get(name) ?? fallback;
  return {
    trip: get('trip', 'one_way'),
    from: get('from'),
    to: get('to'),
    date: get('date'),
    returnDate: get('returnDate'),
    adults: get('adults', '1'),
    children: get('children', '0'),
    infants: get('infants', '0'),
  };
}
