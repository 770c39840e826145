import type { APIRoute } from 'astro';
import { legCalendarResponse } from '../../../../server/http/pages/leg-calendar.ts';

export const prerender = false;

/**
 * One leg of a paid booking as a calendar file (`leg-1.ics` is the first), in the language of the address it was
 * asked for; the same access rule as the e-tickets beside it: 404 until the booking is paid.
 */
export const GET: APIRoute = ({ params, locals }) =>
  legCalendarResponse(locals.deps, params.id, params.n, locals.locale);
