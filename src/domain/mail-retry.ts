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

/** Where a queued mail stands: sent, waiting for its first try, between failed tries, or given up on (for a person). */
export type MailState = 'sent' | 'queued' | 'retrying' | 'failed';

export function mailStateOf(mail: { sentAt: Date | null; attempts: number }): MailState {
  if (mail.sentAt) return 'sent';
  if (mail.attempts >= MAX_MAIL_ATTEMPTS) return 'failed';
  return mail.attempts > 0 ? 'retrying' : 'queued';
}
