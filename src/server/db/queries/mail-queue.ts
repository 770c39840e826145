import { sql } from 'drizzle-orm';
import { MAX_MAIL_ATTEMPTS, mailRetryDelayMs } from '../../../domain/mail-retry.ts';
import type { Database } from '../client.ts';

/**
 * The two mail queues: `sent_mails` (a booking's mails, one row per booking and kind, queued again by each later
 * change of that kind, queue-mail.ts) and `account_mails` (a row per event). Both have the columns read here, and
 * both are claimed and marked by these two statements, so the two mail jobs cannot drift apart.
 */
export type MailQueue = 'sent_mails' | 'account_mails';

/** A claimed mail: its id, the version of it this run composes, and the lease that proves the claim is still ours. */
export interface ClaimedMail {
  id: string;
  version: number;
  attempts: number;
  /** The request (or job run) that queued it: the send is logged under it, and the mail carries it. */
  requestId: string | null;
  lease: string;
}

/** How long a claimed mail is left to the process that claimed it: far longer than one send may take (transport.ts). */
const LEASE_MS = 5 * 60_000;

/** PGlite and node-postgres both answer `{ rows }`; Drizzle types the two drivers' results differently. */
interface Rows<T> {
  rows: T[];
}

/**
 * Claims the oldest due mail of a queue and leases it to this run, in one statement: picked with SKIP LOCKED, so
 * processes never claim the same mail, and nothing slow happens while it is locked. A change that queues the mail
 * again meanwhile leaves the lease alone (queue-mail.ts), so one mail is never sent by two processes at once, nor an
 * older state after a newer one. One at a time: each lease covers a single send.
 */
export async function claimMail(db: Database, queue: MailQueue, now: Date): Promise<ClaimedMail | undefined> {
  const table = sql.identifier(queue);
  const at = now.toISOString();
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();
  const result = (await db.execute(sql`
    update ${table} set claimed_until = ${lease}::timestamptz
    where id = (
      select id from ${table}
      where sent_at is null and attempts < ${MAX_MAIL_ATTEMPTS}
        and (claimed_until is null or claimed_until < ${at}::timestamptz)
        and (retry_at is null or retry_at <= ${at}::timestamptz)
      order by created_at limit 1
      for update skip locked)
    returning id, version, attempts, request_id as "requestId"`)) as Rows<Omit<ClaimedMail, 'lease'>>;
  const [row] = result.rows;
  return row && { ...row, lease };
}

/** What became of a claimed mail: sent (or nothing to send), a failed send, or a lease another run took over. */
export type MailOutcome = 'sent' | 'queued_again' | 'failed' | 'lease_lost';

/**
 * Ends this run's lease of a mail, in one statement that holds only while the lease is still ours. When the row
 * still has the version that was composed it is marked sent, or (failed) its attempt is counted and it waits
 * `mailRetryDelayMs`. When a change queued it again while it was being sent, the newer version is left unsent and
 * free, so the next claim mails the newer state.
 */
export async function markMail(
  db: Database,
  queue: MailQueue,
  mail: ClaimedMail,
  sent: boolean,
  now: Date,
): Promise<MailOutcome> {
  const composed = sql`version = ${mail.version}`;
  const attempts = sql`attempts = case when ${composed} then attempts + 1 else attempts end`;
  const retryAt = new Date(now.getTime() + mailRetryDelayMs(mail.attempts + 1)).toISOString();
  const rest = sent
    ? sql`sent_at = case when ${composed} then ${now.toISOString()}::timestamptz else sent_at end`
    : sql`retry_at = case when ${composed} then ${retryAt}::timestamptz else null end`;
  const result = (await db.execute(sql`
    update ${sql.identifier(queue)} set ${attempts}, ${rest}, claimed_until = null
    where id = ${mail.id} and claimed_until = ${mail.lease}::timestamptz
    returning version`)) as Rows<{ version: number }>;
  const [row] = result.rows;
  if (!row) return 'lease_lost';
  if (row.version !== mail.version) return 'queued_again';
  return sent ? 'sent' : 'failed';
}
