import { GatewayUnavailable } from './gateway.ts';
import type {
  AttemptRef,
  AttemptState,
  CallbackEvent,
  CheckoutRequest,
  CloseOutcome,
  IssuedCheckout,
  RefundAnswer,
  RefundRequest,
} from './gateway.ts';
import { describeFailure, field, text, type ApiCall } from './xendit-api.ts';
import {
  confirmedPayment,
  paymentsApiVersion,
  qrisChannel,
  sessionPayment,
  type XenditReads,
} from './xendit-webhooks.ts';

/**
 * Cards through Xendit's hosted payment session and QRIS through a v3 payment request, and refunds of either:
 * - card: "Create a session" (POST /sessions, mode PAYMENT_LINK, docs.xendit.co/apidocs/create-session): the card
 *   number is typed on Xendit's page, never ours. Get (GET /sessions/{id}) and cancel (POST /sessions/{id}/cancel).
 * - QRIS: "Create a payment request" (POST /v3/payment_requests, channel QRIS, docs.xendit.co/apidocs/
 *   create-payment-request); the QR string is the action with descriptor QR_STRING. Get and cancel likewise.
 * - refund: "Refund a payment request" (POST /refunds, docs.xendit.co/apidocs/refund-payment-request), by payment
 *   request id (what the receipt keeps, see xendit-webhooks.ts); its outcome comes by webhook.
 * The API reference names no idempotency header for these three; Xendit's own Node SDK sends `idempotency-key` to
 * /refunds (xendit-node refund/apis/Refund.ts), so it is sent to all three: unverified without Xendit's test mode.
 */

/**
 * Xendit refuses a session ending less than 10 minutes ahead (INVALID_EXPIRY_DATE, create-session); a minute more
 * allows for clocks. A deadline nearer than that gets a session ending then: a card paid after our deadline is a
 * late payment like any other (record-payment), and the expiry sweep cancels the session first when it can.
 */
const shortestSessionMs = 11 * 60_000;

/** POST /refunds refusals that asking again cannot change (refund-payment-request, 400/403/404 error codes). */
const finalRefundRefusals = new Set([
  'REFUND_NOT_SUPPORTED',
  'PARTIAL_REFUND_NOT_SUPPORTED',
  'REFUND_AMOUNT_EXCEEDED',
  'PARTIAL_REFUND_COUNTS_EXCEEDED',
  'INELIGIBLE_TRANSACTION_STATUS',
  'DATA_NOT_FOUND',
]);

/**
 * Cancelling what takes no payment any more: a session not ACTIVE (422 INVALID_SESSION_STATUS, cancel-session), a
 * payment request already inactive or paid (400 INACTIVE_PAYMENT_REQUEST / INELIGIBLE_TRANSACTION_STATUS,
 * cancel-payment-request).
 */
const alreadyInactive = new Set([
  'INVALID_SESSION_STATUS',
  'INACTIVE_PAYMENT_REQUEST',
  'INELIGIBLE_TRANSACTION_STATUS',
]);

/** A QR string we would draw: printable ASCII of a sane length (QRIS is EMVCo text), nothing else. */
const drawableQr = /^[\x20-\x7E]{20,1000}$/;

const paths = {
  session: (id: string) => `/sessions/${encodeURIComponent(id)}`,
  request: (id: string) => `/v3/payment_requests/${encodeURIComponent(id)}`,
};

function paidState(event: CallbackEvent): AttemptState {
  // Paid for certain (the session or request says so) even when the payment itself cannot be confirmed now.
  return { kind: 'paid', payments: event.kind === 'paid' ? [event.payment] : [] };
}

export function xenditCheckouts(call: ApiCall, reads: XenditReads, siteUrl: string | undefined) {
  async function openSession(request: CheckoutRequest): Promise<IssuedCheckout> {
    const action = 'create card session';
    if (!siteUrl) throw new GatewayUnavailable(`${action} needs the site address (SITE_URL) to return to`);
    // Xendit sends the traveller back to an absolute HTTPS address (GenericReturnUrl: "Must be HTTPS").
    const site = siteUrl.replace(/\/+$/, '');
    const returnUrl = `${site}${request.returnPath}`;
    const expiresAt = Math.max(request.expiresAt.getTime(), Date.now() + shortestSessionMs);
    const answer = await call(
      'POST',
      '/sessions',
      action,
      {
        reference_id: request.externalId,
        session_type: 'PAY',
        mode: 'PAYMENT_LINK',
        amount: request.amount,
        currency: 'IDR',
        country: 'ID',
        allowed_payment_channels: ['CARDS'],
        // No card is kept for later: no customer object needed (MISSING_CUSTOMER otherwise), nothing stored.
        allow_save_payment_method: 'DISABLED',
        expires_at: new Date(expiresAt).toISOString(),
        locale: request.locale,
        description: request.description,
        success_return_url: returnUrl,
        cancel_return_url: `${site}${request.cancelPath}`,
      },
      { 'idempotency-key': request.externalId },
    );
    if (!answer.ok) throw new GatewayUnavailable(describeFailure(action, answer));
    const id = text(answer.data, 'payment_session_id');
    const url = text(answer.data, 'payment_link_url');
    // The traveller's browser goes there: only Xendit's own HTTPS page, never whatever a broken answer holds.
    if (!id || !url?.startsWith('https://'))
      throw new GatewayUnavailable(`Xendit answered ${action} without a session id or an HTTPS page`);
    return { kind: 'redirect', url, gatewayAccountId: id };
  }

  async function issueQr(request: CheckoutRequest): Promise<IssuedCheckout> {
    const action = 'create QRIS payment request';
    const answer = await call(
      'POST',
      '/v3/payment_requests',
      action,
      {
        reference_id: request.externalId,
        type: 'PAY',
        country: 'ID',
        currency: 'IDR',
        request_amount: request.amount,
        channel_code: qrisChannel,
        // QRIS takes no expiry: a payment request lives 48 hours ("Set Expiry: -", docs.xendit.co/docs/qris), so our
        // deadline is ours to keep. The object itself is required by the Pay schema.
        channel_properties: {},
        description: request.description,
      },
      { ...paymentsApiVersion, 'idempotency-key': request.externalId },
    );
    if (!answer.ok) throw new GatewayUnavailable(describeFailure(action, answer));
    const id = text(answer.data, 'payment_request_id');
    const actions: unknown = field(answer.data, 'actions');
    const qr: unknown = Array.isArray(actions)
      ? actions.find((each: unknown) => text(each, 'descriptor') === 'QR_STRING')
      : undefined;
    const qrString = text(qr, 'value');
    if (!id || !qrString || !drawableQr.test(qrString))
      throw new GatewayUnavailable(`Xendit answered ${action} without an id or a QR string`);
    return { kind: 'qr', qrString, gatewayAccountId: id };
  }

  async function sessionState(ref: AttemptRef): Promise<AttemptState> {
    const session = await reads.session(ref.gatewayAccountId);
    // Not found with this key says nothing about whether the traveller paid.
    if (session === undefined) throw new GatewayUnavailable('Xendit has no such card session under this key');
    if (text(session, 'reference_id') !== ref.externalId)
      throw new GatewayUnavailable("Xendit answered fetch session with another attempt's session");
    const status = text(session, 'status');
    if (status === 'ACTIVE') return { kind: 'open' };
    if (status === 'EXPIRED' || status === 'CANCELED') return { kind: 'closed' };
    if (status !== 'COMPLETED')
      throw new GatewayUnavailable('Xendit answered fetch session with an unknown status');
    return paidState(await sessionPayment(reads, session));
  }

  async function qrState(ref: AttemptRef): Promise<AttemptState> {
    const request = await reads.paymentRequest(ref.gatewayAccountId);
    if (request === undefined)
      throw new GatewayUnavailable('Xendit has no such payment request under this key');
    if (text(request, 'reference_id') !== ref.externalId)
      throw new GatewayUnavailable("Xendit answered fetch payment request with another attempt's request");
    const status = text(request, 'status');
    // PaymentRequestStatus (create-payment-request): a QR shown and not yet paid is REQUIRES_ACTION.
    if (status === 'REQUIRES_ACTION' || status === 'ACCEPTING_PAYMENTS' || status === 'AUTHORIZED')
      return { kind: 'open' };
    if (status === 'CANCELED' || status === 'EXPIRED' || status === 'FAILED') return { kind: 'closed' };
    if (status !== 'SUCCEEDED')
      throw new GatewayUnavailable('Xendit answered fetch payment request with an unknown status');
    const event = await confirmedPayment(reads, {
      externalId: ref.externalId,
      paymentRequestId: ref.gatewayAccountId,
      paymentId: text(request, 'latest_payment_id'),
    });
    return paidState(event);
  }

  return {
    createCheckout(request: CheckoutRequest): Promise<IssuedCheckout> {
      return request.method === 'card' ? openSession(request) : issueQr(request);
    },

    async requestRefund(request: RefundRequest): Promise<RefundAnswer> {
      // A VA payment has no card or wallet to go back to: the bank-transfer refund is the only way.
      if (request.method !== 'card' && request.method !== 'qris')
        return { kind: 'refused', reason: 'REFUND_NOT_SUPPORTED' };
      const action = 'request refund';
      const answer = await call(
        'POST',
        '/refunds',
        action,
        {
          reference_id: request.refundId,
          payment_request_id: request.gatewayPaymentId,
          amount: request.amount,
          currency: 'IDR',
          reason: 'REQUESTED_BY_CUSTOMER',
        },
        // Our refund's id: asked twice (a retry, two processes), one refund.
        { 'idempotency-key': request.refundId },
      );
      if (answer.ok) {
        const id = text(answer.data, 'id');
        if (!id) throw new GatewayUnavailable(`Xendit answered ${action} without a refund id`);
        return { kind: 'requested', gatewayRefundId: id };
      }
      // A refusal Xendit documents as final goes to a bank transfer; anything else (5xx, 429, a balance to top up,
      // a refund in progress, TEMPORARILY_UNAVAILABLE) is asked again at the next sweep.
      const code = text(answer.data, 'error_code');
      const final = answer.status >= 400 && answer.status < 500 && answer.status !== 429;
      if (final && code && finalRefundRefusals.has(code)) return { kind: 'refused', reason: code };
      throw new GatewayUnavailable(describeFailure(action, answer));
    },

    async closeCheckout(ref: AttemptRef): Promise<CloseOutcome> {
      const card = ref.method === 'card';
      const action = card ? 'cancel card session' : 'cancel QRIS payment request';
      const path = card ? paths.session(ref.gatewayAccountId) : paths.request(ref.gatewayAccountId);
      const answer = await call('POST', `${path}/cancel`, action, undefined, card ? {} : paymentsApiVersion);
      if (answer.ok) return 'closed';
      if (answer.status === 404) return 'not_found';
      const code = text(answer.data, 'error_code');
      if (code && alreadyInactive.has(code)) return 'already_inactive';
      throw new GatewayUnavailable(describeFailure(action, answer));
    },

    checkoutStatus(ref: AttemptRef): Promise<AttemptState> {
      return ref.method === 'card' ? sessionState(ref) : qrState(ref);
    },

    /**
     * Nothing to move at Xendit. A QR lives 48 hours whatever we ask, and our deadline is ours to keep. A session
     * cannot be updated (the Sessions API has create, get and cancel only): it keeps its own end, so a traveller
     * whose session ends before the new deadline needs a new attempt (a new session) to pay by card. 'extended'
     * either way, as the sandbox answers; a paid attempt is refused by the caller, which checks it under its lock.
     */
    extendCheckout(): Promise<'extended'> {
      return Promise.resolve('extended');
    },
  };
}
