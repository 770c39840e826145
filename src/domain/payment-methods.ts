import { isPaymentBank, paymentBanks, type PaymentBank } from './payment-banks.ts';

/**
 * Every way a traveller can pay (docs/payments.md): a virtual account of one of the five banks, a card (Visa,
 * Mastercard, JCB) on the gateway's hosted page, or one QRIS code any Indonesian bank or e-wallet app pays. The
 * method's id is also its payment channel's code, which carries its transaction fee (payment-channels.json).
 */
export const paymentMethods = [...paymentBanks, 'card', 'qris'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (paymentMethods as readonly string[]).includes(value);
}

export type PaymentMethodKind = 'virtual_account' | 'card' | 'qris';

/** How money paid by a method goes back. */
export type RefundPath =
  /** The agency transfers it to a bank account the traveller gives (a VA payment has no account to return to). */
  | { to: 'bank_transfer' }
  /** The gateway returns it to the card or wallet that paid, if asked within `withinDays` of the payment. */
  | { to: 'gateway'; withinDays: number };

export interface PaymentMethodTraits {
  kind: PaymentMethodKind;
  /** What "Pay" gives the traveller: a number to pay into, the gateway's page to go to, or a QR code to scan. */
  issues: 'account_number' | 'redirect' | 'qr';
  /**
   * Who stops a payment after our deadline: the gateway (a VA or a card session expires at the time we give it),
   * or we alone (a QRIS code lives 48 hours at the gateway whatever we ask: a payment after our deadline is late).
   */
  deadlineKeptBy: 'gateway' | 'us';
  refund: RefundPath;
}

/** A card refund goes back to the card up to a year after the payment (the gateway's limit). */
export const CARD_REFUND_DAYS = 365;
/** QRIS refunds: only within 7 days of the payment, and only where the issuer takes them. */
export const QRIS_REFUND_DAYS = 7;

const virtualAccount: PaymentMethodTraits = {
  kind: 'virtual_account',
  issues: 'account_number',
  deadlineKeptBy: 'gateway',
  refund: { to: 'bank_transfer' },
};

export function methodTraits(method: PaymentMethod): PaymentMethodTraits {
  if (method === 'card')
    return {
      kind: 'card',
      issues: 'redirect',
      deadlineKeptBy: 'gateway',
      refund: { to: 'gateway', withinDays: CARD_REFUND_DAYS },
    };
  if (method === 'qris')
    return {
      kind: 'qris',
      issues: 'qr',
      deadlineKeptBy: 'us',
      refund: { to: 'gateway', withinDays: QRIS_REFUND_DAYS },
    };
  return virtualAccount;
}

/** The bank of a virtual-account method; undefined for a card or QRIS. */
export function methodBank(method: PaymentMethod): PaymentBank | undefined {
  return isPaymentBank(method) ? method : undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where a refund of money paid by `method` at `paidAt` goes when asked at `now`: back through the gateway while the
 * method allows it (a card within a year, QRIS within 7 days), else, like every VA payment, by bank transfer to an
 * account the traveller gives. A gateway that then refuses or fails falls back to a transfer too (refund-queue.ts).
 */
export function refundPathFor(method: PaymentMethod, paidAt: Date, now: Date): 'gateway' | 'bank_transfer' {
  const path = methodTraits(method).refund;
  if (path.to === 'bank_transfer') return 'bank_transfer';
  return now.getTime() - paidAt.getTime() < path.withinDays * DAY_MS ? 'gateway' : 'bank_transfer';
}
