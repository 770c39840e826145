import { sql } from 'drizzle-orm';
import { MAX_MAIL_ATTEMPTS, mailRetryDelayMs } from '../../domain/mail-retry.ts';
import type { Database } from '../db/client.ts';
import type { Mailer, MailMessage } from '../mail/transport.ts';

/**
 * The two mail queues: `sent_mails` (a booking's mails, one row per booking and kind, queued again by each later
 * change of that kind) and `account_mails` (a row per event). Both have the columns this file reads, and both are
 * claimed, sent and marked by `deliverQueuedMails`, so the two jobs cannot drift apart.
 */
export type MailQueue = 'sent_mails' | 'account_mails';

/** A claimed row: its id, and the version of it that this run composes. */
export interface ClaimedMail {
  id: string;
  version: number;
  attempts: number;
}

/** How long a claimed mail is left to the process that claimed it: far longer than rendering and sending take. */
const LEASE_MS = 5 * 60_000;

/** PGlite and node-postgres both answer `{ rows }`; Drizzle types the two drivers' results differently. */
interface Rows<T> {
  rows: T[];
}

/**
 * Claims up to `batch` due mails and leases them to this run, in one statement: the rows are picked with SKIP
 * LOCKED, so processes never claim the same mail, and nothing slow happens while they are locked. A leased row
 * stays leased when a change queues it again meanwhile (queue-mail.ts leaves `claimed_until` alone), so one mail is
 * never sent by two processes at once, nor an older state after a newer one.
 */
async function claim(db: Database, queue: MailQueue, now: Date, batch: number): Promise<ClaimedMail[]> {
  const table = sql.identifier(queue);
  const result = (await db.execute(sql`
    update ${table} set claimed_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
    where id in (
      select id from ${table}
      where sent_at is null and attempts < ${MAX_MAIL_ATTEMPTS}
        and (claimed_until is null or claimed_until < ${now.toISOString()}::timestamptz)
      order by created_at limit ${batch}
      for update skip locked)
    returning id, version, attempts`)) as Rows<ClaimedMail>;
  return result.rows;
}

/**
 * Ends this run's lease of a mail in one statement. When the row still has the version that was composed, it is
 * marked sent, or (failed) its attempt is counted and it waits `mailRetryDelayMs`. When a change queued it again
 * while it was being sent, the newer version is left unsent and free, so the next run mails the newer state.
 */
async function mark(db: Database, queue: MailQueue, mail: ClaimedMail, sent: boolean, now: Date) {
  const composed = sql`version = ${mail.version}`;
  const attempts = sql`attempts = case when ${composed} then attempts + 1 else attempts end`;
  const retryAt = new Date(now.getTime() + mailRetryDelayMs(mail.attempts + 1));
  const rest = sent
    ? sql`sent_at = case when ${composed} then ${now.toISOString()}::timestamptz else sent_at end,
        claimed_until = null`
    : sql`claimed_until = case when ${composed} then ${retryAt.toISOString()}::timestamptz else null end`;
  await db.execute(sql`update ${sql.identifier(queue)} set ${attempts}, ${rest} where id = ${mail.id}`);
}

export interface DeliveryRun {
  db: Database;
  mailer: Mailer;
  now: Date;
}

/**
 * Sends the due mails of one queue: claims a batch, then composes each (`compose` reads the row's current state
 * and answers undefined when there is nothing to send) and sends it outside any transaction (on PGlite, whose one
 * connection a transaction holds, a slow mail server would otherwise stall the whole site), then marks it. Answers
 * how many rows it settled (sent, nothing to send, or queued again meanwhile): a caller runs it again while that is
 * above 0, and a failed mail waits for its retry instead of being tried again at once.
 */
export async function deliverQueuedMails(
  run: DeliveryRun,
  queue: MailQueue,
  compose: (id: string) => Promise<MailMessage | undefined>,
  batch = 10,
): Promise<number> {
  const claimed = await claim(run.db, queue, run.now, batch);
  let settled = 0;
  for (const mail of claimed) {
    try {
      const message = await compose(mail.id);
      if (message) await run.mailer.send(message);
      await mark(run.db, queue, mail, true, run.now);
      settled++;
    } catch (error) {
      console.error(`mail ${mail.id} of ${queue} failed; retrying later`, error);
      await mark(run.db, queue, mail, false, run.now);
    }
  }
  return settled;
}
