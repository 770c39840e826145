import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { refunds } from '../schema/payments.ts';

/** A refund still to pay into an account the traveller gave: what the cancellation mail confirms. */
export interface RefundAccount {
  amount: number;
  bank: string;
  accountNumber: string;
  accountHolder: string;
}

/** The booking's refunds still queued for a bank account the traveller gave, oldest first. */
export async function refundAccounts(db: Database, bookingId: string): Promise<RefundAccount[]> {
  const rows = await db
    .select()
    .from(refunds)
    .where(
      and(eq(refunds.bookingId, bookingId), eq(refunds.status, 'queued'), isNotNull(refunds.accountNumber)),
    )
    .orderBy(asc(refunds.createdAt));
  return rows.map((row) => ({
    amount: row.amount,
    bank: row.bank ?? '',
    accountNumber: row.accountNumber ?? '',
    accountHolder: row.accountHolder ?? '',
  }));
}
