import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { linkToken, serverLinkSecret } from '../auth/account-links.ts';
import type { Database } from '../db/client.ts';
import { accountLinks, accountMails, users } from '../db/schema/accounts.ts';
import {
  accountExistsMail,
  passwordChangedMail,
  passwordResetMail,
  verifyEmailMail,
} from '../mail/account-mails.ts';
import type { Mailer } from '../mail/transport.ts';
import { MAX_MAIL_ATTEMPTS } from './deliver-mails.ts';

export interface AccountMailContext {
  db: Database;
  mailer: Mailer;
  siteUrl: string;
  now: Date;
  /** The links' key: this installation's unless a test gives one. */
  linkSecret?: string;
}

type AccountMailRow = typeof accountMails.$inferSelect;

/** How long a claimed mail is left to the process that claimed it. */
const LEASE_MS = 5 * 60_000;

/** Claims a batch in one statement (SKIP LOCKED: processes never claim the same mail), as deliver-mails.ts does. */
function claim(context: AccountMailContext, batch: number): Promise<AccountMailRow[]> {
  const { db, now } = context;
  const due = db
    .select({ id: accountMails.id })
    .from(accountMails)
    .where(
      and(
        isNull(accountMails.sentAt),
        lt(accountMails.attempts, MAX_MAIL_ATTEMPTS),
        or(isNull(accountMails.claimedUntil), lt(accountMails.claimedUntil, now)),
      ),
    )
    .orderBy(asc(accountMails.createdAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  return db
    .update(accountMails)
    .set({ claimedUntil: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(accountMails.id, due))
    .returning();
}

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
      : passwordResetMail(addressee, links, token);
  return { to: user.email, ...mail };
}

/**
 * Sends the queued account mails, outside any transaction, as deliverMails does for bookings: claim a batch, render
 * and send each, then mark it sent or count a failed attempt. Returns how many rows it handled (sent, skipped or
 * failed), so a batch of links used up meanwhile does not end the run while mails still wait.
 */
export async function deliverAccountMails(context: AccountMailContext, batch = 10): Promise<number> {
  const rows = await claim(context, batch);
  let sent = 0;
  for (const row of rows) {
    try {
      const message = await compose(row, context);
      if (message) await context.mailer.send(message);
      await context.db
        .update(accountMails)
        .set({ sentAt: context.now, attempts: sql`${accountMails.attempts} + 1`, claimedUntil: null })
        .where(eq(accountMails.id, row.id));
      sent += 1;
    } catch (error) {
      console.error(`account mail ${row.kind} ${row.id} failed; retrying later`, error);
      await context.db
        .update(accountMails)
        .set({ attempts: sql`${accountMails.attempts} + 1`, claimedUntil: null })
        .where(eq(accountMails.id, row.id));
    }
  }
  return sent;
}
