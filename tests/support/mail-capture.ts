import type { Database } from '../../src/server/db/client.ts';
import { deliverAccountMails } from '../../src/server/jobs/deliver-account-mails.ts';
import { deliverMails } from '../../src/server/jobs/deliver-mails.ts';
import type { MailMessage } from '../../src/server/mail/transport.ts';
import type { Network } from '../../src/server/network.ts';
import { TEST_LINK_SECRET } from './app.ts';

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
  while (
    (await deliverMails({
      ...context,
      mailer,
      siteUrl: 'https://segaraferry.example',
      linkSecret: TEST_LINK_SECRET,
    })) > 0
  );
  return sent;
}

/** Runs the account mail job until its queue is empty and answers the mails it sent to `email`. */
export async function accountMailsTo(
  context: { db: Database; now: Date },
  email: string,
): Promise<MailMessage[]> {
  const sent: MailMessage[] = [];
  const mailer = {
    send: (message: MailMessage) => {
      if (message.to === email) sent.push(message);
      return Promise.resolve({ id: String(sent.length) });
    },
  };
  const run = () =>
    deliverAccountMails({
      ...context,
      mailer,
      siteUrl: 'https://segaraferry.example',
      linkSecret: TEST_LINK_SECRET,
    });
  while ((await run()) > 0);
  return sent;
}

/** The token of the first link to `path` (`/verify-email`, `/new-password`) in a mail's text. */
export function linkTokenIn(mail: MailMessage | undefined, path: string): string {
  const match = new RegExp(`${path}\\?token=([^\\s"&<]+)`).exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no ${path} link in the mail`);
  return decodeURIComponent(match[1]);
}
