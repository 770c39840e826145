import { refundAccountNeededMail, refundToMethodMail } from '../mail/refund-method-mails.ts';
import { eq } from 'drizzle-orm';
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
import { tripCard } from '../views/trip-card.ts';
import { serverBoardingPassKeys } from '../boarding-pass/keys.ts';
import type { BoardingPassSigner } from '../boarding-pass/signing.ts';
import { renderBoardingPassPdf } from '../documents/boarding-pass.ts';
import {
  bookingCancelledMail,
  refundPaidMail,
  sailingCancelledMail,
  sailingDelayedMail,
} from '../mail/after-sales-mails.ts';
import { boardingPassMail } from '../mail/boarding-pass-mail.ts';
import { boardingPassOf } from '../documents/boarding-pass-of.ts';
import { bookingView, type BookingView } from '../services/booking-view.ts';
import { deliverQueuedMails } from './mail-queue.ts';
import { serverLinkSecret } from '../auth/account-links.ts';
import { codeToSend } from '../db/queries/access-codes.ts';
import { refundAccounts } from '../db/queries/refund-accounts.ts';
import { accessCodeMail } from '../mail/access-code-mail.ts';
import { contactChangedMail } from '../mail/contact-mails.ts';

export interface MailContext {
  db: Database;
  network: Network;
  mailer: Mailer;
  siteUrl: string;
  now: Date;
  /** Signs boarding passes; this process's configured key unless a test gives one. */
  boardingPassSigner?: BoardingPassSigner;
  /** The key one-time codes are made with (auth/booking-access.ts): this installation's unless a test gives one. */
  linkSecret?: string;
}

type MailKind = (typeof sentMails.$inferSelect)['kind'];

async function compose(kind: MailKind, bookingId: string, context: MailContext, recipient: string | null) {
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
  if (kind === 'access_code') {
    const secret = context.linkSecret ?? serverLinkSecret();
    const otp = await codeToSend(context.db, secret, bookingId, context.now);
    return otp ? { to: local.contact.email, ...accessCodeMail(local, otp) } : undefined;
  }
  if (kind === 'contact_changed' || kind === 'contact_changed_previous') {
    const previous = kind === 'contact_changed_previous';
    const to = previous ? recipient : local.contact.email;
    return to ? { to, ...contactChangedMail(local, { siteUrl: context.siteUrl }, previous) } : undefined;
  }
  const mail = await composeBookingMail(kind, local, context);
  return mail ? { to: local.contact.email, ...mail } : undefined;
}

/** The mails that carry the e-tickets, and why they are sent. */
const occasions = {
  booking_paid: 'paid',
  booking_rescheduled: 'rescheduled',
  open_ticket_claimed: 'claimed',
} as const;

/** The mail of `kind` about a booking, in the booking's own language (`view` is read in it). */
async function composeBookingMail(
  kind: Exclude<
    MailKind,
    | 'boarding_pass_outbound'
    | 'boarding_pass_return'
    | 'access_code'
    | 'contact_changed'
    | 'contact_changed_previous'
  >,
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
      return bookingCancelledMail(view, links, await refundAccounts(context.db, view.id));
    case 'refund_paid':
      return refundPaidMail(view, links);
    case 'sailing_cancelled':
      return sailingCancelledMail(view, links, context.now);
    case 'sailing_delayed':
      return sailingDelayedMail(view, links, context.now);
    case 'refund_to_method':
      return refundToMethodMail(view, links);
    case 'refund_account_needed':
      return refundAccountNeededMail(view, links);
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

/**
 * Sends the queued booking mails (written in the same transaction as the change they announce, once per booking
 * and kind, so a replayed payment never mails twice; queued again by a later change of the same kind, which is then
 * mailed with the newer state). Claiming, sending and marking are `deliverQueuedMails`'s, as for the account mails.
 * Answers how many mails it settled.
 */
export function deliverMails(context: MailContext, batch = 10): Promise<number> {
  return deliverQueuedMails(
    context,
    'sent_mails',
    async (id) => {
      const [row] = await context.db.select().from(sentMails).where(eq(sentMails.id, id));
      return row && compose(row.kind, row.bookingId, context, row.recipient);
    },
    batch,
  );
}
