import type { PaymentBank } from '../../domain/payment-banks.ts';

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

export type CallbackEvent = { kind: 'paid'; payment: ReportedPayment } | { kind: 'ignored'; reason: string };

/** The callback is not from the gateway (missing or wrong token or signature): answer 401, change nothing. */
export class CallbackRejected extends Error {}

/** The gateway could not be reached or answered badly: the caller should answer 5xx so the gateway retries. */
export class GatewayUnavailable extends Error {}

/** One interface for every way to take a virtual-account payment (PRODUCT.md §4). */
export interface PaymentGateway {
  readonly name: 'sandbox' | 'xendit';
  /** Issue a closed, single-use VA for the amount due, expiring at the deadline. Throws GatewayUnavailable. */
  createVirtualAccount(request: VirtualAccountRequest): Promise<IssuedVirtualAccount>;
  /**
   * Authenticate a callback before reading it (throws CallbackRejected), then say what it reports. Real gateways
   * fetch the payment back from their API and report what the API says, not what the callback body claims
   * (throws GatewayUnavailable when that fails, so the gateway retries).
   */
  receiveCallback(request: { headers: Headers; body: string }): Promise<CallbackEvent>;
}
