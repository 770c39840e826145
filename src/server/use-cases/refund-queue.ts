import * as z from 'zod/mini';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { queueCurrentStateMail } from '../db/queries/queue-mail.ts';
import { bookings } from '../db/schema/bookings.ts';
import { refunds } from '../db/schema/payments.ts';
import { writeAudit } from '../services/audit.ts';
import type { Actor } from './context.ts';

/** What the agency works from: every refund still to pay, oldest first, whatever queued it. */
export interface QueuedRefund {
  id: string;
  bookingCode: string;
  contactEmail: string | null;
  amount: number;
  reason: (typeof refunds.$inferSelect)['reason'];
  /** Where to pay it: given by the traveller for a cancellation; a payment's goes back the way it came. */
  bank: string | null;
  accountNumber: string | null;
  accountHolder: string | null;
  dueOn: string | null;
  ticketNumbers: string[];
  createdAt: Date;
}

/**
 * The refund queue (`npm run ops -- refunds`): cancellations (with the account and the date promised) and payments
 * that could not be honoured (late with the seats gone, under- or over-paid), in one list, oldest first.
 */
export async function queuedRefunds(db: Database): Promise<QueuedRefund[]> {
  return db
    .select({
      id: refunds.id,
      bookingCode: bookings.code,
      contactEmail: bookings.contactEmail,
      amount: refunds.amount,
      reason: refunds.reason,
      bank: refunds.bank,
      accountNumber: refunds.accountNumber,
      accountHolder: refunds.accountHolder,
      dueOn: refunds.dueOn,
      ticketNumbers: refunds.ticketNumbers,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(eq(refunds.status, 'queued'))
    .orderBy(asc(refunds.createdAt));
}

export type RefundPaid = 'paid' | 'already_paid' | 'unknown';

/**
 * The agency paid a refund (`npm run ops -- refund-paid <id>`): it leaves the queue, marked with when, and the
 * traveller is e-mailed. Marking it twice changes nothing and mails nothing again.
 */
export async function markRefundPaid(
  context: { db: Database; clock: () => Date; by: Actor | 'system' },
  refundId: string,
): Promise<RefundPaid> {
  if (!z.uuid().safeParse(refundId).success) return 'unknown';
  return lockingTransaction(context.db, async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!refund) return 'unknown';
    if (refund.status === 'done') return 'already_paid';
    const paidAt = context.clock();
    await tx
      .update(refunds)
      .set({ status: 'done', paidAt })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'queued')));
    await writeAudit(tx, {
      by: context.by,
      action: 'refund.paid',
      subject: { type: 'refund', id: refund.id },
      bookingId: refund.bookingId,
      before: { status: refund.status },
      after: { status: 'done', paidAt },
      at: paidAt,
    });
    await queueCurrentStateMail(tx, refund.bookingId, 'refund_paid');
    return 'paid';
  });
}
