import type { Database } from '../db/client.ts';
import { claimMail, markMail, type ClaimedMail, type MailQueue } from '../db/queries/mail-queue.ts';
import type { Mailer, MailMessage } from '../mail/transport.ts';
import { log } from '../observability/log.ts';
import { countMail } from '../observability/metrics.ts';
import { inScope, jobRunId } from '../observability/request-scope.ts';

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
    // Under the id of the request that queued it: its lines, and the mail's X-Request-ID header.
    const outcome = await inScope(
      { requestId: mail.requestId ?? jobRunId(), job: `mail:${queue}` },
      async () => {
        const sent = await sendOne(run, queue, mail, compose);
        const marked = await markMail(run.db, queue, mail, sent, run.now);
        if (marked === 'lease_lost') {
          log.error({ mail: mail.id }, 'a mail outlived its lease');
          countMail(queue, 'lease_lost');
        }
        return marked;
      },
    );
    if (outcome === 'sent' || outcome === 'queued_again') settled++;
  }
  return settled;
}

/** Composes and sends one claimed mail; whether it is done with (sent, or nothing to send) or must be retried. */
async function sendOne(
  run: DeliveryRun,
  queue: MailQueue,
  mail: ClaimedMail,
  compose: (id: string) => Promise<MailMessage | undefined>,
): Promise<boolean> {
  try {
    const message = await compose(mail.id);
    if (message) {
      const { id } = await run.mailer.send(message);
      log.info({ mail: mail.id, messageId: id, attempt: mail.attempts + 1 }, 'mail sent');
    }
    countMail(queue, message ? 'sent' : 'nothing_to_send');
    return true;
  } catch (error) {
    log.error(
      { err: error, mail: mail.id, attempt: mail.attempts + 1 },
      'sending a mail failed; retrying later',
    );
    countMail(queue, 'failed');
    return false;
  }
}
