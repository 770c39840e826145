import { bigint, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { paymentBanks } from '../../../domain/payment-banks.ts';

/**
 * The sandbox gateway's own books: the virtual accounts it issued, as a bank keeps them, apart from our `payments`.
 * Closing, paying and asking after a VA read and change this table only, so the sandbox answers the way a real
 * gateway does (a closed or expired VA refuses money; a paid one says so) on every process.
 */
export const sandboxAccounts = pgTable(
  'sandbox_virtual_accounts',
  {
    /** The gateway's id of the VA (what `payments.gateway_account_id` keeps). */
    id: varchar('id', { length: 96 }).primaryKey(),
    /** Our attempt's id: asking twice for the same attempt gives the same VA, as Xendit's idempotency key does. */
    externalId: varchar('external_id', { length: 64 }).notNull().unique(),
    bank: text('bank', { enum: paymentBanks }).notNull(),
    accountNumber: varchar('account_number', { length: 32 }).notNull(),
    billerCode: varchar('biller_code', { length: 8 }),
    /** The only amount the closed VA accepts, in whole rupiah. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when closed on request: it then refuses every payment. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The one payment a single-use VA takes. */
    paymentId: varchar('payment_id', { length: 128 }).unique(),
    paidAmount: bigint('paid_amount', { mode: 'number' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('sandbox_virtual_accounts_number_idx').on(t.accountNumber)],
);

/**
 * The sandbox's card sessions and QRIS codes, kept as the gateway keeps them: a card session ends at the deadline
 * we gave it; a QRIS code lives 48 hours whatever we ask (as Xendit's does), so our own deadline is ours to keep.
 */
export const sandboxCheckouts = pgTable('sandbox_checkouts', {
  /** The gateway's id (what `payments.gateway_account_id` keeps). */
  id: varchar('id', { length: 96 }).primaryKey(),
  externalId: varchar('external_id', { length: 64 }).notNull().unique(),
  method: text('method', { enum: ['card', 'qris'] }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  /** A card session: where the hosted page sends the traveller back to, paid, or having cancelled. */
  returnUrl: text('return_url'),
  cancelUrl: text('cancel_url'),
  /** A QRIS code's content. */
  qrString: text('qr_string'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  paymentId: varchar('payment_id', { length: 128 }).unique(),
  paidAmount: bigint('paid_amount', { mode: 'number' }),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  /** The last card the hosted page refused, for the page to say so. */
  declinedAt: timestamp('declined_at', { withTimezone: true }),
});

/** Refunds asked of the sandbox: pending until a tester (or a test) makes one succeed or fail. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: varchar('id', { length: 96 }).primaryKey(),
  /** Our refund's id: asking twice for one refund gives the same one, as Xendit's idempotency key does. */
  referenceId: varchar('reference_id', { length: 64 }).notNull().unique(),
  paymentId: varchar('payment_id', { length: 128 }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
    .notNull()
    .default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
