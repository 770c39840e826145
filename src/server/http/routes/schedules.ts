import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { searchQuerySchema, type SearchQuery } from '../../../schemas/search.ts';
import { searchSchedules } from '../../services/search-schedules.ts';
import type { AppDeps } from '../../deps.ts';
import { issuesToErrors } from '../../validation-errors.ts';
import { keepAtMost } from '../../kept-at-most.ts';
import { fieldErrorsBody } from '../errors.ts';
import type { Read } from '../plain-answer.ts';
import { requestLocale } from '../request-locale.ts';

// Seats move; a short shared cache still absorbs a crowd refreshing the same search.
const FOUND = { 'Cache-Control': 'public, max-age=15', Vary: 'Accept-Language' } as const;
const REFUSED = {} as const;

/**
 * Searches validated lately, by their query as JSON: the crowd at the peak asks the same few (bench:lean). The
 * first kept goes first, asked since or not: a search asked all day is validated again once in a thousand others.
 */
const validSearches = new Map<string, SearchQuery>();
const VALID_SEARCHES_KEPT = 1_000;
/** A longer query is no search a form sends: validated each time, not kept. */
const LONGEST_KEPT = 300;

/** The search a query asks for (frozen, shared by the readers of one query), or why it is refused. */
function parsedSearch(query: Readonly<Record<string, string>>) {
  const key = JSON.stringify(query);
  const known = validSearches.get(key);
  if (known) return { success: true as const, data: known };
  const parsed = searchQuerySchema.safeParse(query);
  if (!parsed.success || key.length > LONGEST_KEPT) return parsed;
  keepAtMost(validSearches, key, Object.freeze(parsed.data), VALID_SEARCHES_KEPT);
  return parsed;
}

/** GET /api/schedules?trip&from&to&date&returnDate&adults&children&infants, as a read (http/reads.ts). */
export function searchRead(deps: AppDeps): Read {
  return async (query, locale) => {
    const parsed = parsedSearch(query);
    if (!parsed.success)
      return {
        status: 400,
        headers: REFUSED,
        body: fieldErrorsBody(issuesToErrors(parsed.error.issues), locale),
      };
    const result = await searchSchedules(parsed.data, {
      db: await deps.database(),
      network: deps.network,
      now: deps.clock(),
      locale,
      horizonDays: deps.horizonDays,
    });
    return { status: 200, headers: FOUND, body: result };
  };
}

/** The search through Hono: under `astro dev`, in the tests, and for what the Node server leaves to the app. */
export function schedulesRoutes(deps: AppDeps) {
  const search = searchRead(deps);
  return new Hono().get('/schedules', async (c) => {
    const answer = await search(c.req.query(), requestLocale(c.req.raw));
    return c.json(answer.body, answer.status as ContentfulStatusCode, answer.headers);
  });
}
