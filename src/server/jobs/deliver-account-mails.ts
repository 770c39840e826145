import { eq } from 'drizzle-orm';
import { linkToken, serverLinkSecret } from '../auth/account-links.ts';
import type { Database } from '../db/client.ts';
import { accountLinks, accountMails, users } from '../db/schema/accounts.ts';
import {
  accountExistsMail,
  passwordChangedMail,
  passwordResetMail,
  proveAddressMail,
  verifyEmailMail,
} from '../mail/account-mails.ts';
import type { Mailer } from '../mail/transport.ts';
import { deliverQueuedMails } from './mail-queue.ts';

export interface AccountMailContext {
  db: Database;
  mailer: Mailer;
  siteUrl: string;
  now: Date;
  /** The links' key: this installation's unless a test gives one. */
  linkSecret?: string;
}

type AccountMailRow = typeof accountMails.$inferSelect;

/** The message of one queued row; undefined when there is nothing to send (its link already used or expired). */
async function compose(row: AccountMailRow, context: AccountMailContext) {
  const [user] = await context.db.select().from(users).where(eq(users.id, row.userId));
  if (!user) return undefined;
  const to = { email: user.email, fullName: user.fullName, locale: user.locale };
  const links = { siteUrl: context.siteUrl };
  if (row.kind === 'account_exists') return { to: user.email, ...accountExistsMail(to, links) };
  if (row.kind === 'password_changed') return { to: user.email, ...passwordChangedMail(to, links) };
  const [link] = row.linkId
    ? await context.db.select().from(accountLinks).where(eq(accountLinks.id, row.linkId))
    : [];
  if (!link || link.usedAt || link.expiresAt <= context.now) return undefined;
  const token = linkToken(context.linkSecret ?? serverLinkSecret(), link);
  // Until the address is proven, the name on the account is whatever someone typed with it: greet no one by it.
  const addressee = user.emailVerifiedAt ? to : { ...to, fullName: '' };
  const mail =
    row.kind === 'verify_email'
      ? verifyEmailMail(addressee, links, token)
      : row.kind === 'prove_address'
        ? proveAddressMail(addressee, links, token)
        : passwordResetMail(addressee, links, token);
  return { to: user.email, ...mail };
}

/**
 * Sends the queued account mails, outside any transaction, through the same claim, send and mark as the booking
 * mails (`deliverQueuedMails`). Answers how many it settled (sent, or skipped: a link used up meanwhile).
 */
export function deliverAccountMails(context: AccountMailContext, batch = 10): Promise<number> {
  return deliverQueuedMails(
    context,
    'account_mails',
    async (id) => {
      const [row] = await context.db.select().from(accountMails).where(eq(accountMails.id, id));
      return row && compose(row, context);
    },
    batch,
  );
}
