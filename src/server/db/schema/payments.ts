import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { ticketStatuses } from '../../../domain/booking-lifecycle.ts';
import { paymentBanks } from '../../../domain/payment-banks.ts';
import { paymentMethods } from '../../../domain/payment-methods.ts';
import { bookings } from './bookings.ts';

export const paymentStatuses = ['creating', 'pending', 'paid', 'expired', 'failed', 'replaced'] as const;

/**
 * One payment attempt by one method (domain/payment-methods.ts): recorded as `creating` before the gateway is asked
 * for a virtual account, a card session or a QRIS code (no network call runs inside a transaction), `pending` once
 * issued and the booking awaits payment, then `paid` or `expired`; `failed` when the gateway could not issue it;
 * `replaced` when the traveller chose another method before paying (what it issued is closed at the gateway, and a
 * payment to it still counts if it comes first). At most one attempt per booking is `creating` or `pending`, which
 * is what makes a double-clicked "Pay" issue one. `external_id` is our id of the attempt at the gateway (Xendit's
 * external_id or reference_id, and the idempotency key of its creation).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: varchar('booking_id', { length: 24 })
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    gateway: text('gateway', { enum: ['sandbox', 'xendit'] }).notNull(),
    method: text('method', { enum: paymentMethods }).notNull(),
    /** The virtual account's bank; null for a card or QRIS attempt. */
    bank: text('bank', { enum: paymentBanks }),
    externalId: varchar('external_id', { length: 64 }).notNull().unique(),
    /** The gateway's own id of what it issued (the VA, the card session, the QRIS payment request). */
    gatewayAccountId: text('gateway_account_id'),
    /** A card attempt: the gateway's hosted payment page the traveller is sent to. */
    checkoutUrl: text('checkout_url'),
    /** A QRIS attempt: the code's content (EMVCo), drawn as a QR image by our server. */
    qrString: text('qr_string'),
    /** The VA number, or Mandiri's bill key; null while the attempt is `creating` (or `failed`). */
    accountNumber: varchar('account_number', { length: 32 }),
    /** Mandiri bill payment's company code; null for the other banks. */
    billerCode: varchar('biller_code', { length: 8 }),
    /** Whole rupiah; bigint, so any amount a gateway can report fits. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: paymentStatuses }).notNull().default('creating'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * When the gateway confirmed that the VA of an expired or failed attempt takes no more money (the sweeper closes
     * them: src/server/jobs/close-virtual-accounts.ts); null while it may still take some.
     */
    vaClosedAt: timestamp('va_closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'payments_status_known',
      sql`${t.status} in ('creating', 'pending', 'paid', 'expired', 'failed', 'replaced')`,
    ),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check('payments_bank_of_va', sql`(${t.method} in ('card', 'qris')) = (${t.bank} is null)`),
    // An attempt awaiting payment has what it issued; a payment can reach an attempt before "Pay" stored it, so
    // paid or expired attempts may still lack it.
    check(
      'payments_pending_has_number',
      sql`${t.status} <> 'pending' or coalesce(${t.accountNumber}, ${t.checkoutUrl}, ${t.qrString}) is not null`,
    ),
    uniqueIndex('payments_one_open_per_booking')
      .on(t.bookingId)
      .where(sql`${t.status} in ('creating', 'pending')`),
    index('payments_account_idx').on(t.accountNumber),
    // The sweeper's queue of VAs still to close: small, since a closed one leaves it.
    index('payments_va_to_close_idx')
      .on(t.expiresAt)
      .where(
        sql`${t.vaClosedAt} is null and ${t.gatewayAccountId} is not null and ${t.status} in ('expired', 'failed', 'replaced')`,
      ),
  ],
);

/**
 * Every payment a gateway reported, kept even when it cannot be honoured. The gateway's payment id is unique, so a
 * replayed callback finds its receipt and changes nothing.
 */
export const paymentReceipts = pgTable(
  'payment_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    gatewayPaymentId: varchar('gateway_payment_id', { length: 128 }).notNull().unique(),
    /** Whole rupiah; bigint, so any amount a gateway can report fits. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    /** What the payment did: confirmed the booking, or went to the refund queue (and why). */
    outcome: text('outcome', {
      enum: ['confirmed', 'underpaid', 'late_seats_gone', 'already_paid'],
    }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'payment_receipts_outcome_known',
      sql`${t.outcome} in ('confirmed', 'underpaid', 'late_seats_gone', 'already_paid')`,
    ),
  ],
);

/** Why money goes back: a payment that could not be honoured, or tickets cancelled (by the traveller or the operator). */
export const refundReasons = [
  'late_seats_gone',
  'underpaid',
  'overpaid',
  'already_paid',
  'cancellation',
  'operator_cancelled',
  'operator_delayed',
] as const;

/** A cancellation's refunds (the traveller's own, or after the operator changed the sailing); the rest are payments. */
export const cancellationRefundReasons: readonly (typeof refundReasons)[number][] = [
  'cancellation',
  'operator_cancelled',
  'operator_delayed',
];

/** Money to give back: a payment that could not be honoured, or the part of one above the amount due. */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: varchar('booking_id', { length: 24 })
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    receiptId: uuid('receipt_id').references(() => paymentReceipts.id),
    /** Whole rupiah; bigint, so any amount a gateway can report fits. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason', { enum: refundReasons }).notNull(),
    status: text('status', { enum: ['queued', 'done'] })
      .notNull()
      .default('queued'),
    /** A cancellation's tickets; empty for a payment that could not be honoured. */
    ticketNumbers: varchar('ticket_numbers', { length: 16 })
      .array()
      .notNull()
      .default(sql`'{}'`),
    /**
     * How the money goes back (domain/payment-methods.ts refundPathFor): through the gateway to the card or wallet
     * that paid (`receipt_id` names that payment), or by the agency's bank transfer to the account below.
     */
    path: text('path', { enum: ['bank_transfer', 'gateway'] })
      .notNull()
      .default('bank_transfer'),
    /**
     * A gateway refund: `to_request` until a job asks the gateway (never inside a transaction), `requested` until its
     * webhook says `succeeded` (the refund is then done) or `failed` (it falls back to a bank transfer).
     */
    gatewayState: text('gateway_state', { enum: ['to_request', 'requested', 'succeeded', 'failed'] }),
    /** The gateway's id of the refund, once asked. */
    gatewayRefundId: text('gateway_refund_id'),
    /** When a process took the refund to ask the gateway: others leave it alone for a while (the lease). */
    gatewayAskedAt: timestamp('gateway_asked_at', { withTimezone: true }),
    /** Where a cancellation's refund goes, as the traveller gave it (a payment's goes back the way it came). */
    bank: text('bank'),
    accountNumber: varchar('account_number', { length: 34 }),
    accountHolder: text('account_holder'),
    /** The Batam date the refund is promised by (7 working days): shown to the traveller and the agency. */
    dueOn: date('due_on'),
    /** When the agency marked it paid (the console's refund queue, or `npm run ops -- refund-paid <id>`). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The bank's reference of the transfer that paid it, as the agency typed it: what the traveller is sent. */
    transferReference: text('transfer_reference'),
    /** When a transfer came back (a closed or wrong account) and why: still owed, to another account. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amount} > 0`),
    check('refunds_gateway_has_payment', sql`${t.path} <> 'gateway' or ${t.receiptId} is not null`),
    index('refunds_status_idx').on(t.status),
    // The refund job's queue: small, since an asked refund leaves it.
    index('refunds_to_request_idx')
      .on(t.createdAt)
      .where(sql`${t.gatewayState} = 'to_request'`),
  ],
);

/**
 * One ticket per passenger per leg, issued when the booking is paid. Infants get tickets too (they board on a lap).
 * Its status moves only as the booking lifecycle allows (src/domain/booking-lifecycle.ts).
 */
export const tickets = pgTable(
  'tickets',
  {
    ticketNumber: varchar('ticket_number', { length: 16 }).primaryKey(),
    bookingId: varchar('booking_id', { length: 24 })
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    leg: smallint('leg').notNull(),
    /** The booking_legs segment it rides on: 0 as booked, another once rescheduled. */
    segment: smallint('segment').notNull().default(0),
    status: text('status', { enum: ticketStatuses }).notNull().default('active'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** When the passenger checked in online: the boarding pass is dated by it, so asking again gives the same one. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    /** The ticket a reschedule replaced with this one: a ticket is rescheduled once (unless its sailing is cancelled). */
    rescheduledFrom: varchar('rescheduled_from', { length: 16 }).references(
      (): AnyPgColumn => tickets.ticketNumber,
    ),
    /** Owed at the counter before boarding: a move onto another operator's sailing (after-sales rules). */
    counterFee: integer('counter_fee').notNull().default(0),
  },
  (t) => [
    uniqueIndex('tickets_one_per_passenger_segment').on(t.bookingId, t.position, t.leg, t.segment),
    check('tickets_status_known', sql.raw(`status in (${ticketStatuses.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

/**
 * The booking mails: VA issued (payment instructions), paid (e-tickets), expired unpaid, a late payment that could
 * not be honoured (refund on its way), and the boarding passes of a leg once its passengers check in.
 */
export const mailKinds = [
  'booking_created',
  'booking_paid',
  'booking_expired',
  'late_payment_refund',
  // One per leg, sent again with every pass of that leg when more of its passengers check in.
  'boarding_pass_outbound',
  'boarding_pass_return',
  // Sent again (with the booking as it is now) after each reschedule, cancellation or refund paid.
  'booking_rescheduled',
  'open_ticket_claimed',
  'booking_cancelled',
  'refund_paid',
  // The operator cancelled a sailing of the booking: a free reschedule or a refund without fee.
  'sailing_cancelled',
  // The operator delayed a sailing of the booking: its new time, re-issued boarding passes, free changes.
  'sailing_delayed',
  // A one-time code proving the contact mailbox (domain/booking-access.ts): sent again, newest, when asked again.
  'access_code',
  // The agency corrected the contact details: the new address is told, and the previous one (`recipient`).
  'contact_changed',
  'contact_changed_previous',
  // Money going back to the card or wallet that paid: sent again as each refund is asked, done or refused.
  'refund_to_method',
  // A gateway refund was refused or failed: the traveller is asked for a bank account to transfer it to.
  'refund_account_needed',
] as const;

/** Mails sent once per booking and kind: the key that keeps a replay from resending. */
export const sentMails = pgTable(
  'sent_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: varchar('booking_id', { length: 24 })
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: mailKinds }).notNull(),
    /** Null until a transport accepted it; the mail job retries rows still null. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** The lease while one process sends it (a process that died mid-send lets it lapse): db/queries/mail-queue.ts. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** After a failed send: not tried again before this (domain/mail-retry.ts). Queued again: at once. */
    retryAt: timestamp('retry_at', { withTimezone: true }),
    /**
     * Counts the changes that queued this mail. The job marks sent only the version it composed, so a change that
     * queues the mail again while it is being sent is mailed once more, with the newer state (db/queries/mail-queue.ts).
     */
    version: integer('version').notNull().default(0),
    /** Sent here rather than to the booking's contact: the previous address, told its booking moved away from it. */
    recipient: text('recipient'),
    /** The request (or job run) that queued it last: the mail job logs under that id, and the mail carries it. */
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sent_mails_once').on(t.bookingId, t.kind),
    index('sent_mails_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
  ],
);
