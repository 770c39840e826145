import * as m from '../../paraglide/messages.js';
import type { Locale } from '../../i18n/locales.ts';
import type { SearchErrorKey } from '../../schemas/search.ts';

type Message = (inputs: object, options: { locale: Locale }) => string;

/**
 * The messages the search form shows, imported by name so the island bundle carries only these. The type asks for
 * exactly the keys the shared schema can give (`searchErrorKeys`): one missing or extra fails the type check.
 */
const errorMessages: Record<SearchErrorKey, Message> = {
  search_error_trip: m.search_error_trip,
  search_error_from: m.search_error_from,
  search_error_to: m.search_error_to,
  search_error_route: m.search_error_route,
  search_error_date: m.search_error_date,
  search_error_date_past: m.search_error_date_past,
  search_error_return_date: m.search_error_return_date,
  search_error_return_before: m.search_error_return_before,
  search_error_count: m.search_error_count,
  search_error_adults_min: m.search_error_adults_min,
  search_error_party_max: m.search_error_party_max,
  search_error_infants_max: m.search_error_infants_max,
};

/** A schema's message key in words; anything else (a server's text, already in words) as it is. */
export function errorText(message: string, locale: Locale): string {
  return Object.hasOwn(errorMessages, message)
    ? errorMessages[message as SearchErrorKey]({}, { locale })
    : message;
}

export function labels(locale: Locale) {
  const t = { locale };
  return {
    title: m.search_title({}, t),
    trip: m.search_trip_label({}, t),
    oneWay: m.search_trip_one_way({}, t),
    twoWay: m.search_trip_two_way({}, t),
    open: m.search_trip_open({}, t),
    openHint: m.search_trip_open_hint({}, t),
    from: m.search_from({}, t),
    to: m.search_to({}, t),
    swap: m.search_swap({}, t),
    chooseTerminal: m.search_choose_terminal({}, t),
    date: m.search_date({}, t),
    returnDate: m.search_return_date({}, t),
    passengers: m.search_passengers({}, t),
    adults: m.search_adults({}, t),
    adultsHint: m.search_adults_hint({}, t),
    children: m.search_children({}, t),
    childrenHint: m.search_children_hint({}, t),
    infants: m.search_infants({}, t),
    infantsHint: m.search_infants_hint({}, t),
    submit: m.search_submit({}, t),
    countries: {
      ID: m.search_country_id({}, t),
      SG: m.search_country_sg({}, t),
      MY: m.search_country_my({}, t),
    },
  };
}
