/**
 * SQLSTATEs that say the database server is away rather than that the statement was wrong: its connection broke
 * (class 08), it is shutting down or starting (57P01-57P03), or it takes no more connections (53300).
 */
const SERVER_AWAY_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** The socket errors of a server that is not there (stopped, restarting, unreachable). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
/** node-postgres says these in words only: a connection ended under a query, or none came within its timeout. */
const SERVER_AWAY_WORDS =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection closed/i;

/**
 * Seconds a client is asked to wait (Retry-After) while the database is away: a restart or fail-over takes a few
 * seconds to a minute, and a shorter wait only multiplies the requests that meet it.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Whether `error` (or what it wraps: Drizzle's query error keeps the driver's as `cause`, the OAuth library's
 * server_error as `inner`) says the database cannot be reached now. Answered 503 with Retry-After, never 500: what
 * the request committed before it met the outage stays, the rest was rolled back, and the traveller or the gateway
 * asks again. A failed call to another service (`fetch failed`: Google, a lookup) is not the database, even with
 * the same socket error inside.
 */
export function databaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (e instanceof TypeError && message === 'fetch failed') return false;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_AWAY_STATES.has(code))) return true;
    if (typeof code === 'string' && /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (typeof message === 'string' && SERVER_AWAY_WORDS.test(message)) return true;
    // A connection to a host with several addresses fails as an AggregateError of one error per address.
    if (Array.isArray(errors) && errors.some((inner) => databaseUnavailable(inner))) return true;
    const wrapped = e as { cause?: unknown; inner?: unknown };
    e = wrapped.cause ?? wrapped.inner;
  }
  return false;
}
