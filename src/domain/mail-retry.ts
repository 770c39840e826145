/** A mail that failed this often is left for a person to look at (the row stays, with its attempts). */
export const MAX_MAIL_ATTEMPTS = 8;

const MINUTE_MS = 60_000;

/**
 * How long a mail waits after its `attempts`-th failed try before the next one: 1, 2, 4, ... minutes, at most an
 * hour, so a mail server that is down for a while is not hammered and the eight tries span about two hours.
 */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(2 ** Math.max(attempts - 1, 0), 60) * MINUTE_MS;
}
