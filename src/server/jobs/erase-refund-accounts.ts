import { and, eq, isNotNull, lt } from 'drizzle-orm';
import { refundAccountsPaidBefore } from '../../domain/retention.ts';
import type { Database } from '../db/client.ts';
import { refunds } from '../db/schema/payments.ts';

/**
 * Deletes the bank account (bank, number, holder) a refund was transferred to, 90 days after the refund was paid
 * (the privacy policy's promise; the number lives in domain/retention.ts). The refund keeps that it was paid, its
 * amount, its date and the bank's transfer reference. A refund still owed keeps its account, however old: it is
 * needed to pay it. One idempotent UPDATE: a second run, or another process's, finds nothing left to delete.
 * Returns how many refunds it cleared.
 */
export async function eraseRefundAccounts(db: Database, now: Date): Promise<number> {
  const rows = await db
    .update(refunds)
    .set({ bank: null, accountNumber: null, accountHolder: null })
    .where(
      and(
        eq(refunds.status, 'done'),
        isNotNull(refunds.accountNumber),
        lt(refunds.paidAt, refundAccountsPaidBefore(now)),
      ),
    )
    .returning({ id: refunds.id });
  return rows.length;
}
