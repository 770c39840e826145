import type { Locale } from '../../i18n/locales.ts';

/** An API answer complete in memory, before any framework's objects: its status, its headers, a body for JSON. */
export interface PlainAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: unknown;
}

/**
 * A GET of the API answered from its query and the reader's language alone: no session, no cookie, no body. The
 * Node server answers these on its own request and response (http/node-door.ts), without a Fetch Request, Hono's
 * router and context, or a Response to read back (a third of a search's time: `npm run bench:lean`); Hono's route
 * answers the same read under `astro dev` and in the tests, so both doors give the same bytes.
 */
export type Read = (query: Readonly<Record<string, string>>, locale: Locale) => Promise<PlainAnswer>;
