import * as z from 'zod/mini';
import { partyIssues } from './party.ts';

/**
 * The schedule search, shared by the search form island and GET /api/schedules. Messages are i18n keys.
 * Rules that need a clock or the network (date not in the past, route exists) are checked by the service.
 */
export const tripTypes = ['one_way', 'two_way', 'open'] as const;
export type TripType = (typeof tripTypes)[number];

export const terminal = (key: string) => z.string({ error: key }).check(z.regex(/^[A-Z]{3}$/, key));
export const isoDate = (key: string) =>
  z.string({ error: key }).check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, key),
    z.refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      key,
    ),
  );
export const count = (fallback: number) =>
  z._default(
    z.coerce
      .number({ error: 'search_error_count' })
      .check(z.refine((value) => Number.isInteger(value) && value >= 0 && value <= 9, 'search_error_count')),
    fallback,
  );
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const searchQuerySchema = z
  .object({
    trip: z._default(z.enum(tripTypes, { error: 'search_error_trip' }), 'one_way'),
    from: terminal('search_error_from'),
    to: terminal('search_error_to'),
    date: z.optional(z.pipe(z.transform(emptyToUndefined), z.optional(isoDate('search_error_date')))),
    returnDate: z.optional(
      z.pipe(z.transform(emptyToUndefined), z.optional(isoDate('search_error_return_date'))),
    ),
    adults: count(1),
    children: count(0),
    infants: count(0),
  })
  .check(
    z.superRefine((query, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.issues.push({ code: 'custom', path: [path], message, input: query });
      if (query.from === query.to) issue('to', 'search_error_route');
      if (query.trip !== 'open' && !query.date) issue('date', 'search_error_date');
      if (query.trip === 'two_way') {
        if (!query.returnDate) issue('returnDate', 'search_error_return_date');
        else if (query.date && query.returnDate < query.date)
          issue('returnDate', 'search_error_return_before');
      }
      partyIssues(query, issue);
    }),
  );

export type SearchQuery = z.infer<typeof searchQuerySchema>;
