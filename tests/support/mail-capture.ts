import type { Database } from '../../src/server/db/client.ts';
import { deliverMails } from '../../src/server/jobs/deliver-mails.ts';
import type { MailMessage } from '../../src/server/mail/transport.ts';
import type { Network } from '../../src/server/network.ts';

/**
 * Runs the mail job until the queue is empty and answers the mails it sent about one booking (its code in the
 * subject): other tests' bookings have mails of their own queued in the same database.
 */
export async function mailsAbout(
  context: { db: Database; network: Network; now: Date },
  bookingCode: string,
): Promise<MailMessage[]> {
  const sent: MailMessage[] = [];
  const mailer = {
    send: (message: MailMessage) => {
      if (message.subject.includes(bookingCode)) sent.push(message);
      return Promise.resolve({ id: String(sent.length) });
    },
  };
  while ((await deliverMails({ ...context, mailer, siteUrl: 'https://segaraferry.example' })) > 0);
  return sent;
}
