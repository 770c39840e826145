import type { Database } from '../db/client.ts';
import { claimMail, markMail, type MailQueue } from '../db/queries/mail-queue.ts';
import type { Mailer, MailMessage } from '../mail/transport.ts';

export interface DeliveryRun {
  db: Database;
  mailer: Mailer;
  now: Date;
}

/**
 * Sends up to `batch` due mails of one queue, one claim at a time: composes each (`compose` reads the row's current
 * state and answers undefined when there is nothing to send) and sends it outside any transaction (on PGlite, whose
 * one connection a transaction holds, a slow mail server would otherwise stall the whole site), then marks it
 * (db/queries/mail-queue.ts). Answers how many it settled (sent, nothing to send, or queued again meanwhile, which
 * the next claim sends with the newer state): a caller runs it again while that is above 0. A failed send waits for
 * its retry.
 */
export async function deliverQueuedMails(
  run: DeliveryRun,
  queue: MailQueue,
  compose: (id: string) => Promise<MailMessage | undefined>,
  batch = 10,
): Promise<number> {
  let settled = 0;
  for (let claims = 0; claims < batch; claims++) {
    const mail = await claimMail(run.db, queue, run.now);
    if (!mail) break;
    let sent = true;
    try {
      const message = await compose(mail.id);
      if (message) await run.mailer.send(message);
    } catch (error) {
      console.error(`mail ${mail.id} of ${queue} failed; retrying later`, error);
      sent = false;
    }
    const outcome = await markMail(run.db, queue, mail, sent, run.now);
    if (outcome === 'lease_lost') console.error(`mail ${mail.id} of ${queue} outlived its lease`);
    if (outcome === 'sent' || outcome === 'queued_again') settled++;
  }
  return settled;
}
