import * as z from 'zod/mini';
import { and, asc, desc, eq } from 'drizzle-orm';
import { agencyToday } from '../../domain/agency.ts';
import { refundStateOf, type RefundState } from '../../domain/refund-queue.ts';
import type { AgencyCalendar } from './ports.ts';
import type { Database } from '../db/client.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { queueCurrentStateMail } from '../db/queries/queue-mail.ts';
import { bookings } from '../db/schema/bookings.ts';
import { refunds } from '../db/schema/payments.ts';
import { writeAudit } from '../services/audit.ts';
import type { Actor } from './context.ts';

/** What the agency works from: a refund, where to pay it, by when, and where it stands. */
export interface QueuedRefund {
  id: string;
  bookingId: string;
  bookingCode: string;
  contactEmail: string | null;
  amount: number;
  reason: (typeof refunds.$inferSelect)['reason'];
  /** Where to pay it: given by the traveller for a cancellation; a payment's goes back the way it came. */
  bank: string | null;
  accountNumber: string | null;
  accountHolder: string | null;
  /** The Batam date it is promised by: 7 working days from the request, for every reason (domain/after-sales.ts). */
  dueOn: string;
  state: RefundState;
  ticketNumbers: string[];
  createdAt: Date;
  paidAt: Date | null;
  transferReference: string | null;
  failure: string | null;
}

/**
 * The refund queue: every refund still owed (cancellations, operator cancellations, payments not honoured: late with
 * the seats gone, under-, over- or twice paid), the soonest due first; or, with `paid`, the latest paid. A refund
 * queued before its due date was stored is due 7 working days after it was queued, the rule every other one follows.
 */
export async function refundQueue(
  context: { db: Database; calendar: AgencyCalendar },
  now: Date,
  which: 'owed' | 'paid' | { bookingId: string } = 'owed',
): Promise<QueuedRefund[]> {
  const { db, calendar } = context;
  const query = db
    .select({ refund: refunds, bookingCode: bookings.code, contactEmail: bookings.contactEmail })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId));
  // Every refund owed (the bank file and the totals count them all); the latest paid; or one booking's, oldest first.
  const rows =
    which === 'owed'
      ? await query.where(eq(refunds.status, 'queued'))
      : which === 'paid'
        ? await query.where(eq(refunds.status, 'done')).orderBy(desc(refunds.paidAt)).limit(100)
        : await query.where(eq(refunds.bookingId, which.bookingId)).orderBy(asc(refunds.createdAt));
  const today = agencyToday(now);
  const queue = rows.map(({ refund, bookingCode, contactEmail }) => {
    const dueOn = refund.dueOn ?? calendar.refundDueOn(refund.createdAt);
    return {
      id: refund.id,
      bookingId: refund.bookingId,
      bookingCode,
      contactEmail,
      amount: refund.amount,
      reason: refund.reason,
      bank: refund.bank,
      accountNumber: refund.accountNumber,
      accountHolder: refund.accountHolder,
      dueOn,
      state: refundStateOf({ ...refund, dueOn }, today),
      ticketNumbers: refund.ticketNumbers,
      createdAt: refund.createdAt,
      paidAt: refund.paidAt,
      transferReference: refund.transferReference,
      failure: refund.failure,
    };
  });
  return which === 'owed'
    ? queue.sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.createdAt.getTime() - b.createdAt.getTime())
    : queue;
}

/** The refunds still owed, oldest first (`npm run ops -- refunds`). */
export async function queuedRefunds(
  context: { db: Database; calendar: AgencyCalendar },
  now = new Date(),
): Promise<QueuedRefund[]> {
  return (await refundQueue(context, now)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

export type RefundPaid = 'paid' | 'already_paid' | 'at_gateway' | 'unknown';

/**
 * The agency paid a refund (the console's queue, or `npm run ops -- refund-paid <id>`): it leaves the queue, marked
 * with when and the bank's transfer reference, and the traveller is e-mailed. Marking it twice changes nothing and
 * mails nothing again.
 */
export async function markRefundPaid(
  context: { db: Database; clock: () => Date; by: Actor | 'system' },
  refundId: string,
  transferReference?: string,
): Promise<RefundPaid> {
  if (!z.uuid().safeParse(refundId).success) return 'unknown';
  return lockingTransaction(context.db, async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!refund) return 'unknown';
    if (refund.status === 'done') return 'already_paid';
    // Going back to the card or wallet: a transfer as well would pay it twice.
    if (refund.path === 'gateway') return 'at_gateway';
    const paidAt = context.clock();
    await tx
      .update(refunds)
      .set({ status: 'done', paidAt, transferReference: transferReference ?? null })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'queued')));
    await writeAudit(tx, {
      by: context.by,
      action: 'refund.paid',
      subject: { type: 'refund', id: refund.id },
      bookingId: refund.bookingId,
      before: { status: refund.status },
      after: { status: 'done', paidAt, ...(transferReference ? { transferReference } : {}) },
      at: paidAt,
    });
    await queueCurrentStateMail(tx, refund.bookingId, 'refund_paid');
    return 'paid';
  });
}

/**
 * A refund's transfer came back (the account was closed or wrong): it stays owed, marked failed with why, until the
 * traveller gives another account and it is paid. Marking a paid refund failed is refused; marking it twice keeps the
 * first failure's time and the latest reason.
 */
export async function markRefundFailed(
  context: { db: Database; clock: () => Date; by: Actor | 'system' },
  refundId: string,
  failure: string,
): Promise<'failed' | 'already_paid' | 'unknown'> {
  if (!z.uuid().safeParse(refundId).success) return 'unknown';
  return lockingTransaction(context.db, async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!refund) return 'unknown';
    if (refund.status === 'done') return 'already_paid';
    const at = context.clock();
    await tx
      .update(refunds)
      .set({ failedAt: refund.failedAt ?? at, failure })
      .where(eq(refunds.id, refundId));
    await writeAudit(tx, {
      by: context.by,
      action: 'refund.failed',
      subject: { type: 'refund', id: refund.id },
      bookingId: refund.bookingId,
      reason: failure,
      at,
    });
    return 'failed';
  });
}

/**
 * The account an owed refund goes to, as the traveller gave it to the agency: it replaces a failed transfer's
 * account (the refund is due again, and in the next bank file) or gives one to a refund of a Virtual Account
 * payment. A paid refund keeps the account it was paid to.
 */
export async function setRefundAccount(
  context: { db: Database; clock: () => Date; by: Actor | 'system' },
  refundId: string,
  account: { bank: string; accountNumber: string; accountHolder: string; reason: string },
): Promise<'set' | 'already_paid' | 'unknown'> {
  return lockingTransaction(context.db, async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!refund) return 'unknown';
    if (refund.status === 'done') return 'already_paid';
    const { bank, accountNumber, accountHolder } = account;
    await tx
      .update(refunds)
      .set({ bank, accountNumber, accountHolder, failedAt: null, failure: null })
      .where(eq(refunds.id, refundId));
    await writeAudit(tx, {
      by: context.by,
      action: 'refund.account_set',
      subject: { type: 'refund', id: refund.id },
      bookingId: refund.bookingId,
      reason: account.reason,
      // The holder's name stays in the refund's own row, as when the traveller gave it (cancel-tickets.ts).
      before: { bank: refund.bank, accountNumber: refund.accountNumber, failedAt: refund.failedAt },
      after: { bank, accountNumber },
      at: context.clock(),
    });
    return 'set';
  });
}
