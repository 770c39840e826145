import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
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
import { tripCard } from '../pages/trip-card.ts';
import { serverBoardingPassKeys } from '../boarding-pass/keys.ts';
import type { BoardingPassSigner } from '../boarding-pass/signing.ts';
import { renderBoardingPassPdf } from '../documents/boarding-pass.ts';
import { bookingCancelledMail, refundPaidMail, sailingCancelledMail } from '../mail/after-sales-mails.ts';
import { boardingPassMail } from '../mail/boarding-pass-mail.ts';
import { boardingPassOf } from '../services/boarding-pass.ts';
import { bookingView, type BookingView } from '../services/booking-view.ts';

/** A mail that failed this often is left for a person to look at (the row stays, with its attempts). */
export const MAX_MAIL_ATTEMPTS = 8;

export interface MailContext {
  db: Database;
  network: Network;
  mailer: Mailer;
  siteUrl: string;
  now: Date;
  /** Signs boarding passes; this process's configured key unless a test gives one. */
  boardingPassSigner?: BoardingPassSigner;
}

type MailKind = (typeof sentMails.$inferSelect)['kind'];

async function compose(kind: MailKind, bookingId: string, context: MailContext) {
  // The booking's own language, whatever page queued the mail.
  const [booking] = await context.db
    .select({ locale: bookings.locale })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  const local = booking && (await bookingView(context.db, context.network, bookingId, booking.locale));
  if (!local?.contact) return undefined;
  if (kind === 'boarding_pass_outbound' || kind === 'boarding_pass_return') {
    const passes = await boardingPasses(local, kind === 'boarding_pass_outbound' ? 0 : 1, context);
    return passes.length > 0 ? { to: local.contact.email, ...boardingPassMail(local, passes) } : undefined;
  }
  const mail = await composeBookingMail(kind, local, context);
  return { to: local.contact.email, ...mail };
}

/** The mails that carry the e-tickets, and why they are sent. */
const occasions = {
  booking_paid: 'paid',
  booking_rescheduled: 'rescheduled',
  open_ticket_claimed: 'claimed',
} as const;

/** The mail of `kind` about a booking, in the booking's own language (`view` is read in it). */
async function composeBookingMail(
  kind: Exclude<MailKind, 'boarding_pass_outbound' | 'boarding_pass_return'>,
  view: BookingView,
  context: MailContext,
) {
  const links = { siteUrl: context.siteUrl };
  switch (kind) {
    case 'booking_created':
      return bookingCreatedMail(view, links);
    case 'booking_paid':
    case 'booking_rescheduled':
    case 'open_ticket_claimed':
      return bookingPaidMail(
        view,
        links,
        await renderETicketPdf(view, links),
        tripCard(view, context.network, view.locale),
        occasions[kind],
      );
    case 'booking_expired':
      return bookingExpiredMail(view, links);
    case 'late_payment_refund':
      return latePaymentRefundMail(view, links);
    case 'booking_cancelled':
      return bookingCancelledMail(view, links);
    case 'refund_paid':
      return refundPaidMail(view, links);
    case 'sailing_cancelled':
      return sailingCancelledMail(view, links);
  }
}

/** Every checked-in passenger's boarding pass on one leg, rendered (in the booking's language). */
async function boardingPasses(view: BookingView, leg: number, context: MailContext) {
  const signer = context.boardingPassSigner ?? serverBoardingPassKeys().signer;
  const numbers = view.passengers.flatMap((passenger) =>
    passenger.tickets
      .filter((ticket) => ticket.leg === leg && ticket.status === 'checked_in')
      .map((t) => t.ticketNumber),
  );
  const passes = [];
  for (const number of numbers) {
    const document = await boardingPassOf(context.db, context.network, view, number, signer);
    if (document) passes.push({ document, pdf: await renderBoardingPassPdf(document) });
  }
  return passes;
}

/** How long a claimed mail is left to the process that claimed it: far longer than rendering and sending take. */
const LEASE_MS = 5 * 60_000;

type MailRow = typeof sentMails.$inferSelect;

/**
 * Claims up to `batch` queued mails and leases them to this run, in one statement: the rows are picked with SKIP
 * LOCKED, so processes never claim the same mail, and nothing slow happens while they are locked.
 */
function claim(context: MailContext, batch: number): Promise<MailRow[]> {
  const { db, now } = context;
  const due = db
    .select({ bookingId: sentMails.bookingId, kind: sentMails.kind })
    .from(sentMails)
    .where(
      and(
        isNull(sentMails.sentAt),
        lt(sentMails.attempts, MAX_MAIL_ATTEMPTS),
        or(isNull(sentMails.claimedUntil), lt(sentMails.claimedUntil, now)),
      ),
    )
    .orderBy(asc(sentMails.createdAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  return db
    .update(sentMails)
    .set({ claimedUntil: new Date(now.getTime() + LEASE_MS) })
    .where(sql`(${sentMails.bookingId}, ${sentMails.kind}) in (${due})`)
    .returning();
}

/**
 * Sends the queued booking mails (written in the same transaction as the change they announce, once per booking
 * and kind, so a replayed payment never mails twice). Each run claims a batch, then renders the PDFs and talks
 * SMTP outside any transaction (on PGlite, whose one connection a transaction holds, a slow mail server would
 * otherwise stall the whole site), then marks each mail sent, or counts a failed attempt and frees it for the next
 * run. Returns how many were sent.
 */
export async function deliverMails(context: MailContext, batch = 10): Promise<number> {
  const rows = await claim(context, batch);
  let sent = 0;
  for (const row of rows) {
    const key = and(eq(sentMails.bookingId, row.bookingId), eq(sentMails.kind, row.kind));
    try {
      const message = await compose(row.kind, row.bookingId, context);
      if (message) await context.mailer.send(message);
      await context.db
        .update(sentMails)
        .set({ sentAt: context.now, attempts: sql`${sentMails.attempts} + 1`, claimedUntil: null })
        .where(key);
      sent += message ? 1 : 0;
    } catch (error) {
      console.error(`mail ${row.kind} for booking ${row.bookingId} failed; retrying later`, error);
      await context.db
        .update(sentMails)
        .set({ attempts: sql`${sentMails.attempts} + 1`, claimedUntil: null })
        .where(key);
    }
  }
  return sent;
}
