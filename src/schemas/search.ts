import * as z from 'zod/mini';
import { sailingSorts, timesOfDay } from '../domain/sailing-order.ts';
import { partyProblemKeys } from '../domain/passengers.ts';
import { partyIssues } from './party.ts';

/**
 * The schedule search, shared by the search form island and GET /api/schedules. Messages are i18n keys.
 * Rules that need a clock or the network (date not in the past, route exists) are checked by the service.
 */
/**
 * Every message key a search can be refused with (the schema's, the party rules', and the date check that needs a
 * clock): the search form's error words are typed on this list, and `key()` lets the schema use no other.
 */
export const searchErrorKeys = [
  'search_error_trip',
  'search_error_from',
  'search_error_to',
  'search_error_route',
  'search_error_date',
  'search_error_date_past',
  'search_error_return_date',
  'search_error_return_before',
  'search_error_count',
  ...partyProblemKeys,
] as const;
export type SearchErrorKey = (typeof searchErrorKeys)[number];
const key = (message: SearchErrorKey) => message;

export const tripTypes = ['one_way', 'two_way', 'open'] as const;
export type TripType = (typeof tripTypes)[number];

export const terminal = (key: string) => z.string({ error: key }).check(z.regex(/^[A-Z]{3}$/, key));
/** A calendar date `YYYY-MM-DD`: `key` when missing or malformed, `invalid` for a day that does not exist. */
export const isoDate = (key: string, invalid = key) =>
  z.string({ error: key }).check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, key),
    // A real calendar day (not 2026-02-30, nor in year 0000, which the calendar and PostgreSQL do not have); a
    // malformed value has heard the key once already.
    z.refine(
      (value) =>
        !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
        (!value.startsWith('0000') &&
          !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
          new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)),
      invalid,
    ),
  );
export const count = (fallback: number) =>
  z._default(
    z.coerce
      .number({ error: key('search_error_count') })
      .check(
        z.refine((value) => Number.isInteger(value) && value >= 0 && value <= 9, key('search_error_count')),
      ),
    fallback,
  );
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const searchQuerySchema = z
  .object({
    trip: z._default(z.enum(tripTypes, { error: key('search_error_trip') }), 'one_way'),
    from: terminal(key('search_error_from')),
    to: terminal(key('search_error_to')),
    date: z.optional(z.pipe(z.transform(emptyToUndefined), z.optional(isoDate(key('search_error_date'))))),
    returnDate: z.optional(
      z.pipe(z.transform(emptyToUndefined), z.optional(isoDate(key('search_error_return_date')))),
    ),
    adults: count(1),
    children: count(0),
    infants: count(0),
  })
  .check(
    z.superRefine((query, ctx) => {
      const issue = (path: string, message: SearchErrorKey) =>
        ctx.issues.push({ code: 'custom', path: [path], message, input: query });
      if (query.from === query.to) issue('to', key('search_error_route'));
      if (query.trip !== 'open' && !query.date) issue('date', key('search_error_date'));
      if (query.trip === 'two_way') {
        if (!query.returnDate) issue('returnDate', key('search_error_return_date'));
        else if (query.date && query.returnDate < query.date)
          issue('returnDate', key('search_error_return_before'));
      }
      partyIssues(query, issue);
    }),
  );

export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * How the results are shown: `sort`, `line` (one operator's code) and `departs` (a time of day) in the query string.
 * Not `operator`: that names an open ticket's operator in the same form. A choice of view, never an error: a value
 * the page did not offer (an old link, a typo, "all") shows the default view instead.
 */
export const resultsViewSchema = z.object({
  sort: z.catch(z._default(z.enum(sailingSorts), 'departure'), 'departure'),
  // An operator's code as the network data spells them (schemas/network.ts, full zod: not for the browser).
  line: z.catch(z.optional(z.string().check(z.regex(/^[A-Z]{2,4}$/))), undefined),
  departs: z.catch(z.optional(z.enum(timesOfDay)), undefined),
});
export type ResultsView = z.infer<typeof resultsViewSchema>;
