import type { PaymentMethod } from '../../domain/payment-methods.ts';
import { and, asc, desc, eq, gte, isNull, min } from 'drizzle-orm';
import type { AuditAction, AuditActorKind } from '../../domain/audit.ts';
import { MAX_MAIL_ATTEMPTS, mailStateOf, type MailState } from '../../domain/mail-retry.ts';
import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema/audit.ts';
import { bookings } from '../db/schema/bookings.ts';
import { paymentReceipts, payments, refunds, sentMails, tickets } from '../db/schema/payments.ts';
import { auditEntries } from './audit.ts';

/** What the records of a booking show happened, beyond its audit rows. */
export type RecordEvent =
  | 'booking_held'
  | 'payment_issued'
  | 'payment_received'
  | 'tickets_issued'
  | 'ticket_rescheduled'
  | 'checked_in'
  | 'refund_queued'
  | 'refund_paid';

/** One line of a booking's history, oldest first: an audit row, or what a record shows. */
export type HistoryEntry = { at: Date } & (
  | {
      source: 'audit';
      action: AuditAction;
      actorKind: AuditActorKind;
      actorId: string | null;
      reason: string | null;
      after: unknown;
    }
  | { source: 'record'; event: RecordEvent; detail: RecordDetail }
);

/**
 * What a record's line adds, as data (the page words it): an amount, the method of a payment attempt, why money goes back (a
 * payment not honoured or a refund's reason), ticket numbers.
 */
export interface RecordDetail {
  amount?: number;
  method?: PaymentMethod;
  why?: (typeof refunds.$inferSelect)['reason'];
  tickets?: string;
}

/** A booking's mail of one kind, with its last send and where it stands. */
export interface MailEntry {
  kind: (typeof sentMails.$inferSelect)['kind'];
  state: MailState;
  attempts: number;
  sentAt: Date | null;
  createdAt: Date;
}

/**
 * A booking's whole history (issue 36): every audit row written about it, and what its records show, merged by
 * time. Payments and refunds are in the audit log from its first row on; before that (bookings older than the log)
 * they are read from the payment and refund records, so no money movement appears twice or goes missing.
 */
export async function bookingHistory(
  db: Database,
  bookingId: string,
): Promise<{ entries: HistoryEntry[]; mails: MailEntry[] }> {
  const [booking] = await db
    .select({ createdAt: bookings.createdAt })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking) return { entries: [], mails: [] };
  const [audited, [logStart], paymentRows, receiptRows, ticketRows, refundRows, mailRows] = await Promise.all(
    [
      auditEntries(db, { bookingId, limit: 500 }),
      db.select({ at: min(auditLog.at) }).from(auditLog),
      db.select().from(payments).where(eq(payments.bookingId, bookingId)),
      db
        .select({ receipt: paymentReceipts })
        .from(paymentReceipts)
        .innerJoin(payments, eq(payments.id, paymentReceipts.paymentId))
        .where(eq(payments.bookingId, bookingId)),
      db.select().from(tickets).where(eq(tickets.bookingId, bookingId)).orderBy(asc(tickets.ticketNumber)),
      db.select().from(refunds).where(eq(refunds.bookingId, bookingId)),
      db.select().from(sentMails).where(eq(sentMails.bookingId, bookingId)).orderBy(asc(sentMails.createdAt)),
    ],
  );
  const auditFrom = logStart?.at ?? null;
  const beforeLog = (at: Date) => !auditFrom || at < auditFrom;
  const records: HistoryEntry[] = [
    { at: booking.createdAt, source: 'record', event: 'booking_held', detail: {} },
    ...paymentRows
      .filter((payment) => payment.accountNumber ?? payment.checkoutUrl ?? payment.qrString)
      .map((payment) => ({
        at: payment.createdAt,
        source: 'record' as const,
        event: 'payment_issued' as const,
        detail: { method: payment.method, amount: payment.amount },
      })),
    ...receiptRows
      .filter(({ receipt }) => beforeLog(receipt.receivedAt))
      .map(({ receipt }) => ({
        at: receipt.receivedAt,
        source: 'record' as const,
        event: 'payment_received' as const,
        detail: {
          amount: receipt.amount,
          ...(receipt.outcome === 'confirmed' ? {} : { why: receipt.outcome }),
        },
      })),
    ...issuedTickets(ticketRows),
    ...ticketRows
      .filter((ticket) => ticket.checkedInAt)
      .map((ticket) => ({
        at: ticket.checkedInAt ?? ticket.issuedAt,
        source: 'record' as const,
        event: 'checked_in' as const,
        detail: { tickets: ticket.ticketNumber },
      })),
    ...refundRows.flatMap((refund) => [
      ...(beforeLog(refund.createdAt)
        ? [
            {
              at: refund.createdAt,
              source: 'record' as const,
              event: 'refund_queued' as const,
              detail: { amount: refund.amount, why: refund.reason },
            },
          ]
        : []),
      ...(refund.paidAt && beforeLog(refund.paidAt)
        ? [
            {
              at: refund.paidAt,
              source: 'record' as const,
              event: 'refund_paid' as const,
              detail: { amount: refund.amount },
            },
          ]
        : []),
    ]),
  ];
  // The log reads newest first; oldest first here, so rows of one instant keep the order they were written in.
  const fromLog: HistoryEntry[] = audited.toReversed().map((row) => ({
    at: row.at,
    source: 'audit',
    action: row.action,
    actorKind: row.actorKind,
    actorId: row.actorId,
    reason: row.reason,
    after: row.after,
  }));
  const entries = [...records, ...fromLog].sort(
    (a, b) => a.at.getTime() - b.at.getTime() || tieRank(a) - tieRank(b),
  );
  const mails = mailRows.map((mail) => ({
    kind: mail.kind,
    state: mailStateOf(mail),
    attempts: mail.attempts,
    sentAt: mail.sentAt,
    createdAt: mail.createdAt,
  }));
  return { entries, mails };
}

/**
 * Within one instant (one transaction writes several lines with its one clock): the hold and the VA first, then what
 * the audit log says (the payment), then what followed from it (the tickets).
 */
function tieRank(entry: HistoryEntry): number {
  if (entry.source === 'audit') return 1;
  return ['booking_held', 'payment_issued', 'payment_received'].includes(entry.event) ? 0 : 2;
}

/** The tickets issued at payment (one line) and each issued by a reschedule (a line per new ticket). */
function issuedTickets(rows: (typeof tickets.$inferSelect)[]): HistoryEntry[] {
  const first = rows.filter((ticket) => !ticket.rescheduledFrom && ticket.segment === 0);
  const issuedAt = first.map((ticket) => ticket.issuedAt).sort((a, b) => a.getTime() - b.getTime())[0];
  return [
    ...(issuedAt
      ? [
          {
            at: issuedAt,
            source: 'record' as const,
            event: 'tickets_issued' as const,
            detail: { tickets: first.map((ticket) => ticket.ticketNumber).join(', ') },
          },
        ]
      : []),
    ...rows
      .filter((ticket) => ticket.rescheduledFrom)
      .map((ticket) => ({
        at: ticket.issuedAt,
        source: 'record' as const,
        event: 'ticket_rescheduled' as const,
        detail: { tickets: `${ticket.rescheduledFrom ?? ''} → ${ticket.ticketNumber}` },
      })),
  ];
}

/** A booking mail given up on after its last try, for a person to look into (the console's failed mails). */
export interface FailedMail extends MailEntry {
  bookingId: string;
  bookingCode: string;
  contactEmail: string | null;
}

/** Every booking mail that failed its last try, newest first: the console's list of mails to look into. */
export async function failedMails(db: Database): Promise<FailedMail[]> {
  const rows = await db
    .select({ mail: sentMails, bookingCode: bookings.code, contactEmail: bookings.contactEmail })
    .from(sentMails)
    .innerJoin(bookings, eq(bookings.id, sentMails.bookingId))
    .where(and(isNull(sentMails.sentAt), gte(sentMails.attempts, MAX_MAIL_ATTEMPTS)))
    .orderBy(desc(sentMails.createdAt))
    .limit(200);
  return rows.map(({ mail, bookingCode, contactEmail }) => ({
    bookingId: mail.bookingId,
    bookingCode,
    contactEmail,
    kind: mail.kind,
    state: mailStateOf(mail),
    attempts: mail.attempts,
    sentAt: mail.sentAt,
    createdAt: mail.createdAt,
  }));
}
