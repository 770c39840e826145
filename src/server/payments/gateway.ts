import { isPrintable } from '../../schemas/plain-text.ts';
import type { PaymentBank } from '../../domain/payment-banks.ts';
import type { PaymentMethod } from '../../domain/payment-methods.ts';

/** What the booking asks a gateway for when the traveller presses "Pay". */
export interface VirtualAccountRequest {
  /** Our id of this payment attempt at the gateway (Xendit's external_id); unique per attempt. */
  externalId: string;
  bank: PaymentBank;
  /** The name the bank app shows the payer (the contact person, or the agency with the booking code). */
  name: string;
  /** The exact amount due, in whole rupiah; the VA is closed (accepts this amount only) and single use. */
  amount: number;
  /** The payment deadline: the VA stops accepting payment then. */
  expiresAt: Date;
}

/** What "Pay" by card or QRIS asks of the gateway: a hosted card session, or one dynamic QRIS code. */
export interface CheckoutRequest {
  /** Our id of this attempt at the gateway (its reference id and idempotency key). */
  externalId: string;
  method: 'card' | 'qris';
  /** The exact amount due, in whole rupiah. */
  amount: number;
  /** Our payment deadline: a card session ends then; a QRIS code outlives it at the gateway (we refuse it late). */
  expiresAt: Date;
  /** The booking code, shown on the hosted page and the payer's statement. */
  description: string;
  /**
   * Card: the path on this site the hosted page sends the traveller back to, paid or not (the booking's payment
   * page); the adapter makes it absolute with the site's configured address.
   */
  returnPath: string;
  /** Card: where the hosted page's "cancel" sends the traveller (the payment page, to choose again). */
  cancelPath: string;
  locale: 'en' | 'id';
}

/** A card session's page to send the traveller to, or a QRIS code to draw. */
export type IssuedCheckout =
  | { kind: 'redirect'; url: string; gatewayAccountId: string }
  | { kind: 'qr'; qrString: string; gatewayAccountId: string };

/** Money going back through the gateway to the card or wallet that paid (refund-queue: path `gateway`). */
export interface RefundRequest {
  /** Our refund's id: the gateway's reference and idempotency key, so asking twice makes one refund. */
  refundId: string;
  method: PaymentMethod;
  /** The gateway's id of the payment being refunded (its receipt), and of what took it (session or QR request). */
  gatewayPaymentId: string;
  gatewayAccountId: string | null;
  amount: number;
}

/** The gateway took the refund request (its outcome comes by webhook), or refused it outright. */
export type RefundAnswer =
  { kind: 'requested'; gatewayRefundId: string } | { kind: 'refused'; reason: string };

/** A refund's outcome as the gateway's webhook reports it, after authentication. */
export interface ReportedRefund {
  refundId: string;
  gatewayRefundId: string;
  outcome: 'succeeded' | 'failed';
  /** The gateway's failure code, short and printable (for the agency). */
  failure?: string;
}

export interface IssuedVirtualAccount {
  /** The number the payer enters; for Mandiri bill payment, the bill key. */
  accountNumber: string;
  /** Mandiri bill payment's biller (company) code; absent for the other banks. */
  billerCode?: string;
  /** The gateway's own id of the VA, for support and status queries. */
  gatewayAccountId?: string;
}

/** A payment the gateway vouches for (after the callback was authenticated and, for real gateways, fetched back). */
export interface ReportedPayment {
  externalId: string;
  /** The gateway's id of this payment: the idempotency key of a callback and its replays. */
  gatewayPaymentId: string;
  amount: number;
  paidAt: Date;
}

/**
 * What an authenticated callback says: a payment to record; nothing to do (another event type); or an anomaly, a
 * payment we cannot apply as sent (answered 2xx all the same, and kept for the agency: a retry would not change it).
 */
export type CallbackEvent =
  | { kind: 'paid'; payment: ReportedPayment }
  | { kind: 'refund'; refund: ReportedRefund }
  | { kind: 'ignored'; reason: string }
  | { kind: 'anomaly'; reason: string }
  /**
   * Authentic, but the payment could not be confirmed with the gateway's API (it answered "not found": a wrong key,
   * test against live mode, a sub-account). Possibly real money: kept for the agency and answered 503, so the
   * gateway retries and a fixed configuration confirms it.
   */
  | { kind: 'unverified'; reason: string };

/** The longest ids our columns keep (payments.external_id, payment_receipts.gateway_payment_id). */
const MAX_EXTERNAL_ID = 64;
const MAX_PAYMENT_ID = 128;
/** Payment times outside these years are not believed: the time we heard of the payment stands in for them. */
const EARLIEST_PAID_AT = Date.UTC(2000, 0, 1);
const LATEST_PAID_AT = Date.UTC(2200, 0, 1);

/** An id our column can keep: not empty, not too long, nothing PostgreSQL or a log line cannot carry. */
const storableId = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max && isPrintable(value);

/**
 * A payment as a gateway reported it, checked before it goes near the database: ids that fit our columns and
 * carry no control characters, an amount that is a positive whole number of rupiah, and a payment time (an absurd
 * or missing one is replaced by `receivedAt`). Anything else is an anomaly, never a 5xx the gateway would retry.
 */
export function reportedPayment(
  claimed: { externalId: unknown; gatewayPaymentId: unknown; amount: unknown; paidAt: unknown },
  receivedAt: Date,
): CallbackEvent {
  if (!storableId(claimed.externalId, MAX_EXTERNAL_ID))
    return { kind: 'anomaly', reason: 'external_id_not_ours' };
  if (!storableId(claimed.gatewayPaymentId, MAX_PAYMENT_ID))
    return { kind: 'anomaly', reason: 'payment_id_not_storable' };
  if (typeof claimed.amount !== 'number' || !Number.isSafeInteger(claimed.amount) || claimed.amount <= 0)
    return { kind: 'anomaly', reason: 'amount_not_payable' };
  const time = typeof claimed.paidAt === 'string' ? Date.parse(claimed.paidAt) : Number.NaN;
  const believable = time >= EARLIEST_PAID_AT && time < LATEST_PAID_AT;
  return {
    kind: 'paid',
    payment: {
      externalId: claimed.externalId,
      gatewayPaymentId: claimed.gatewayPaymentId,
      amount: claimed.amount,
      paidAt: believable ? new Date(time) : receivedAt,
    },
  };
}

/** The longest refund ids we keep. */
const MAX_REFUND_ID = 128;

/**
 * A refund's outcome as a gateway's webhook reported it, checked like a payment: our refund's id (a uuid) and the
 * gateway's id storable, a failure code printable. Anything else is an anomaly for the agency.
 */
export function reportedRefund(claimed: Record<string, unknown>): CallbackEvent {
  const refundId = claimed.reference_id;
  // Our refunds' ids are uuids: anything else never reaches a uuid column (PostgreSQL would refuse it, a 500).
  if (
    typeof refundId !== 'string' ||
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(refundId)
  )
    return { kind: 'anomaly', reason: 'refund_not_ours' };
  if (!storableId(claimed.refund_id, MAX_REFUND_ID))
    return { kind: 'anomaly', reason: 'refund_id_not_storable' };
  const succeeded = claimed.event === 'refund.succeeded';
  const code = claimed.failure_code;
  const failure = typeof code === 'string' && /^[A-Z0-9_]{1,80}$/.test(code) ? code : 'REFUND_FAILED';
  return {
    kind: 'refund',
    refund: {
      refundId,
      gatewayRefundId: claimed.refund_id,
      outcome: succeeded ? 'succeeded' : 'failed',
      ...(succeeded ? {} : { failure }),
    },
  };
}

/**
 * Which attempt a close or status question is about: the gateway's id of what it issued (a VA, a card session, a
 * QRIS code) and our attempt's id (to check the answer).
 */
export interface AttemptRef {
  gatewayAccountId: string;
  externalId: string;
  /** A virtual account when absent. */
  method?: PaymentMethod;
  /** Ids of payments to it that callbacks already reported: gateways that cannot list a VA's payments confirm these. */
  knownPaymentIds?: readonly string[];
}

/** What closing a VA did: closed it now; it took no payment already (paid, expired or closed); the gateway has none. */
export type CloseOutcome = 'closed' | 'already_inactive' | 'not_found';

/** What the gateway says of a VA now. */
export type AttemptState =
  /** It takes a payment, now or once the bank has activated it. */
  | { kind: 'open' }
  /**
   * It took its payment (every VA here is single use). `payments` holds those the gateway confirms; it can be empty
   * when the gateway knows the VA was paid but cannot list the payment (Xendit, for a payment no callback announced).
   */
  | { kind: 'paid'; payments: ReportedPayment[] }
  /** It takes no payment and took none that the gateway knows of: expired or closed. */
  | { kind: 'closed' };

/** The callback is not from the gateway (missing or wrong token or signature): answer 401, change nothing. */
export class CallbackRejected extends Error {}

/** The gateway could not be reached or answered badly: the caller should answer 5xx so the gateway retries. */
export class GatewayUnavailable extends Error {}

/** No answer at all (network down, timeout): unlike a refusal of one request, every next call would fail too. */
export class GatewayUnreachable extends GatewayUnavailable {}

/** One interface for every way to take a payment (the sandbox, Xendit): virtual accounts, cards and QRIS. */
export interface PaymentGateway {
  readonly name: 'sandbox' | 'xendit';
  /** Issue a closed, single-use VA for the amount due, expiring at the deadline. Throws GatewayUnavailable. */
  createVirtualAccount(request: VirtualAccountRequest): Promise<IssuedVirtualAccount>;
  /** Open a hosted card session or issue a QRIS code; the same attempt asked twice gives the same one. */
  createCheckout(request: CheckoutRequest): Promise<IssuedCheckout>;
  /** Ask for money back to the card or wallet that paid. Throws GatewayUnavailable (asked again later). */
  requestRefund(request: RefundRequest): Promise<RefundAnswer>;
  /**
   * Authenticate a callback before reading it (throws CallbackRejected), then say what it reports. Real gateways
   * fetch the payment back from their API and report what the API says, not what the callback body claims
   * (throws GatewayUnavailable when that fails, so the gateway retries).
   */
  receiveCallback(request: { headers: Headers; body: string }): Promise<CallbackEvent>;
  /**
   * Make the VA, card session or QRIS code refuse any further payment (an expired booking, another method chosen).
   * Safe to repeat: one that already takes nothing answers `already_inactive`. Throws GatewayUnavailable, so the
   * caller tries again later.
   */
  closeAttempt(account: AttemptRef): Promise<CloseOutcome>;
  /** Was this VA paid, is it still open? What the gateway itself says now. Throws GatewayUnavailable. */
  attemptStatus(account: AttemptRef): Promise<AttemptState>;
  /**
   * Move an open VA's expiry to `expiresAt` (the agency extended the payment deadline). `inactive`: it takes no
   * payment any more (paid, closed or expired), so there is nothing to extend. Throws GatewayUnavailable.
   */
  extendAttempt(account: AttemptRef, expiresAt: Date): Promise<'extended' | 'inactive'>;
}
