import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { bookings } from '../db/schema/bookings.ts';
import { sentMails } from '../db/schema/payments.ts';
import { renderETicketPdf } from '../documents/e-ticket.ts';
import {
  bookingCreatedMail,
  bookingExpiredMail,
  bookingPaidMail,
  latePaymentRefundMail,
} from '../mail/booking-mails.ts';
import type { Mailer } from '../mail/transport.ts';
import type { Network } from '../network.ts';
import { bookingView } from '../services/booking-view.ts';

/** A mail that failed this often is left for a person to look at (the row stays, with its attempts). */
export const MAX_MAIL_ATTEMPTS = 8;

export interface MailContext {
  db: Database;
  network: Network;
  mailer: Mailer;
  siteUrl: string;
  now: Date;
}

async function compose(
  kind: (typeof sentMails.$inferSelect)['kind'],
  bookingId: string,
  context: MailContext,
) {
  // The booking's own language, whatever page queued the mail.
  const [booking] = await context.db
    .select({ locale: bookings.locale })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  const local = booking && (await bookingView(context.db, context.network, bookingId, booking.locale));
  if (!local?.contact) return undefined;
  const links = { siteUrl: context.siteUrl };
  const mail =
    kind === 'booking_created'
      ? bookingCreatedMail(local, links)
      : kind === 'booking_paid'
        ? bookingPaidMail(local, links, await renderETicketPdf(local, links))
        : kind === 'late_payment_refund'
          ? latePaymentRefundMail(local, links)
          : bookingExpiredMail(local, links);
  return { to: local.contact.email, ...mail };
}

/**
 * Sends the queued booking mails (written in the same transaction as the change they announce, once per booking
 * and kind, so a replayed payment never mails twice). Rows stay locked (SKIP LOCKED) while they are sent, so
 * several processes never send the same mail; a failed send counts an attempt and is retried at the next run.
 * Returns how many were sent.
 */
export async function deliverMails(context: MailContext, batch = 10): Promise<number> {
  return context.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(sentMails)
      .where(and(isNull(sentMails.sentAt), lt(sentMails.attempts, MAX_MAIL_ATTEMPTS)))
      .orderBy(asc(sentMails.createdAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    let sent = 0;
    for (const row of rows) {
      const key = and(eq(sentMails.bookingId, row.bookingId), eq(sentMails.kind, row.kind));
      try {
        // Reads go through the transaction: PGlite has one connection, which the transaction holds.
        const message = await compose(row.kind, row.bookingId, { ...context, db: tx });
        if (message) await context.mailer.send(message);
        await tx
          .update(sentMails)
          .set({ sentAt: context.now, attempts: sql`${sentMails.attempts} + 1` })
          .where(key);
        sent += message ? 1 : 0;
      } catch (error) {
        console.error(`mail ${row.kind} for booking ${row.bookingId} failed; retrying later`, error);
        await tx
          .update(sentMails)
          .set({ attempts: sql`${sentMails.attempts} + 1` })
          .where(key);
      }
    }
    return sent;
  });
}
