import * as z from 'zod/mini';
import { partyIssues } from './party.ts';
import { count, terminal, tripTypes } from './search.ts';

/**
 * "Continue" on the schedule page: the chosen sailings (or, for an open ticket, route and operator) and the party.
 * Shared by POST /api/bookings and the page's plain form. Messages are i18n keys.
 */
const sailingId = (key: string) => z.optional(z.pipe(z.transform(blankToUndefined), z.optional(z.uuid(key))));
function blankToUndefined(value: unknown) {
  return value === '' || value === null ? undefined : value;
}

export const holdRequestSchema = z
  .object({
    trip: z._default(z.enum(tripTypes, { error: 'search_error_trip' }), 'one_way'),
    out: sailingId('hold_error_out'),
    ret: sailingId('hold_error_ret'),
    from: z.optional(terminal('search_error_from')),
    to: z.optional(terminal('search_error_to')),
    operator: z.optional(z.string().check(z.regex(/^[A-Z]{2,4}$/, 'hold_error_operator'))),
    adults: count(1),
    children: count(0),
    infants: count(0),
  })
  .check(
    z.superRefine((request, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.issues.push({ code: 'custom', path: [path], message, input: request });
      if (request.trip === 'open') {
        if (!request.from) issue('from', 'search_error_from');
        if (!request.to) issue('to', 'search_error_to');
        if (!request.operator) issue('operator', 'hold_error_operator');
      } else {
        if (!request.out) issue('out', 'hold_error_out');
        if (request.trip === 'two_way' && !request.ret) issue('ret', 'hold_error_ret');
      }
      partyIssues(request, issue);
    }),
  );

export type HoldRequest = z.infer<typeof holdRequestSchema>;
