import { GatewayUnavailable, reportedPayment, reportedRefund } from './gateway.ts';
import type { CallbackEvent } from './gateway.ts';
import { amountIn, describeFailure, field, text, type ApiCall } from './xendit-api.ts';

/**
 * Xendit's v3 payments (card sessions, QRIS payment requests) and refunds, read back from the API, and their
 * webhooks. The webhook bodies follow Xendit's v3 shape `{ event, business_id, created, data }`
 * (docs.xendit.co/apidocs/payment-webhook-notification, .../refund-webhook-notification and
 * .../webhook-notification-sent-defined-webhook-url-updates-payment-session); like the VA callback, nothing in a body
 * is believed: the ids it names are fetched back and only what the API answers is reported.
 *
 * What we keep of a card or QRIS payment (ReportedPayment.gatewayPaymentId) is its payment request id (`pr-...`):
 * - a refund is asked by payment request id (POST /refunds, docs.xendit.co/apidocs/refund-payment-request), months
 *   later, without another lookup;
 * - a card session names it on completion as "the payment confirmation" (docs.xendit.co/docs/payment-sessions-overview),
 *   and a QRIS code is one payment request that takes one payment (type PAY), so it names exactly one payment;
 * - the session's completion and a replay of it carry the same id, so the receipt's unique key dedups them.
 * The attempt's gatewayAccountId is the session id (`ps-...`) for a card and the payment request id for QRIS.
 */

/** The v3 payments API version our requests are written against (the `api-version` header of /v3 endpoints). */
export const paymentsApiVersion = { 'api-version': '2024-11-11' };

/** The channel code of QRIS (docs.xendit.co/docs/qris): our QR payment requests are of this channel only. */
export const qrisChannel = 'QRIS';

export type XenditReads = ReturnType<typeof xenditReads>;

/** GETs of the objects webhooks and status questions are about; `undefined` when Xendit says it has none (404). */
export function xenditReads(call: ApiCall) {
  async function get(path: string, action: string, headers?: Record<string, string>): Promise<unknown> {
    const answer = await call('GET', path, action, undefined, headers);
    // Not found with this key: possibly real money seen from another account or mode, never dropped silently.
    if (answer.status === 404) return undefined;
    if (!answer.ok || typeof answer.data !== 'object' || answer.data === null)
      throw new GatewayUnavailable(describeFailure(action, answer));
    return answer.data;
  }
  const id = encodeURIComponent;
  return {
    session: (sessionId: string) => get(`/sessions/${id(sessionId)}`, 'fetch session'),
    paymentRequest: (requestId: string) =>
      get(`/v3/payment_requests/${id(requestId)}`, 'fetch payment request', paymentsApiVersion),
    payment: (paymentId: string) => get(`/v3/payments/${id(paymentId)}`, 'fetch payment', paymentsApiVersion),
    refund: (refundId: string) => get(`/refunds/${id(refundId)}`, 'fetch refund'),
  };
}

/** Payment statuses that may still turn SUCCEEDED (GET /v3/payments: PaymentStatus), so the webhook is retried. */
const unsettledPayment = new Set(['PENDING', 'AUTHORIZED']);

/** What was captured: the sum of the captures, at the time of the last one (GetPayment's `captures`). */
function captured(payment: unknown): { amount: unknown; paidAt: string | undefined } {
  const captures = field(payment, 'captures');
  if (!Array.isArray(captures) || captures.length === 0)
    return { amount: amountIn(payment, 'request_amount'), paidAt: text(payment, 'updated') };
  let amount = 0;
  let paidAt: string | undefined;
  for (const capture of captures) {
    const value = amountIn(capture, 'capture_amount');
    if (typeof value !== 'number') return { amount: value, paidAt };
    amount += value;
    paidAt = text(capture, 'capture_timestamp') ?? paidAt;
  }
  return { amount, paidAt };
}

/**
 * The payment of an attempt as Xendit's API says it: `paymentId` fetched (found through the payment request's
 * `latest_payment_id` when the caller has none), then checked (paymentEvent).
 */
export async function confirmedPayment(
  reads: XenditReads,
  owner: { externalId: string | undefined; paymentRequestId: string; paymentId: string | undefined },
): Promise<CallbackEvent> {
  let paymentId = owner.paymentId;
  if (!paymentId) {
    const request = await reads.paymentRequest(owner.paymentRequestId);
    if (request === undefined) return { kind: 'unverified', reason: 'payment_not_found_on_fetch' };
    paymentId = text(request, 'latest_payment_id');
    if (!paymentId)
      throw new GatewayUnavailable('Xendit named no payment of a completed payment request yet');
  }
  const payment = await reads.payment(paymentId);
  if (payment === undefined) return { kind: 'unverified', reason: 'payment_not_found_on_fetch' };
  return paymentEvent(owner, payment);
}

/** A fetched payment as our receipt: of the payment request, in rupiah, succeeded; else kept or retried. */
function paymentEvent(
  owner: { externalId: string | undefined; paymentRequestId: string },
  payment: unknown,
): CallbackEvent {
  const status = text(payment, 'status');
  if (status && unsettledPayment.has(status))
    throw new GatewayUnavailable('Xendit has not settled the payment yet');
  if (status !== 'SUCCEEDED') return { kind: 'anomaly', reason: 'payment_not_succeeded' };
  if (text(payment, 'payment_request_id') !== owner.paymentRequestId)
    return { kind: 'anomaly', reason: 'payment_of_another_attempt' };
  if (text(payment, 'currency') !== 'IDR') return { kind: 'anomaly', reason: 'currency_not_idr' };
  const { amount, paidAt } = captured(payment);
  return reportedPayment(
    { externalId: owner.externalId, gatewayPaymentId: owner.paymentRequestId, amount, paidAt },
    new Date(),
  );
}

/** A card session's payment, once the API says the session is COMPLETED (docs: payment-sessions-lifecycle). */
export async function sessionPayment(reads: XenditReads, session: unknown): Promise<CallbackEvent> {
  const paymentRequestId = text(session, 'payment_request_id');
  if (!paymentRequestId)
    throw new GatewayUnavailable('Xendit answered a completed session without its payment');
  return confirmedPayment(reads, {
    externalId: text(session, 'reference_id'),
    paymentRequestId,
    paymentId: text(session, 'payment_id'),
  });
}

/** The body's own claim about which attempt it is, when it makes one: a mismatch is for the agency to see. */
function claimsAnother(data: unknown, key: string, fetched: string | undefined): boolean {
  const claimed = text(data, key);
  return claimed !== undefined && claimed !== fetched;
}

async function sessionCompleted(reads: XenditReads, data: unknown): Promise<CallbackEvent> {
  const sessionId = text(data, 'payment_session_id');
  if (!sessionId) return { kind: 'anomaly', reason: 'session_id_missing' };
  const session = await reads.session(sessionId);
  if (session === undefined) return { kind: 'unverified', reason: 'session_not_found_on_fetch' };
  const status = text(session, 'status');
  // A webhook ahead of the API: answered 5xx, so Xendit sends it again.
  if (status === 'ACTIVE') throw new GatewayUnavailable('Xendit says the session is not completed yet');
  if (status !== 'COMPLETED') return { kind: 'anomaly', reason: 'session_not_completed' };
  if (claimsAnother(data, 'reference_id', text(session, 'reference_id')))
    return { kind: 'anomaly', reason: 'payment_of_another_attempt' };
  return sessionPayment(reads, session);
}

async function paymentCaptured(reads: XenditReads, data: unknown): Promise<CallbackEvent> {
  const paymentId = text(data, 'payment_id');
  if (!paymentId) return { kind: 'anomaly', reason: 'payment_id_missing' };
  const payment = await reads.payment(paymentId);
  if (payment === undefined) return { kind: 'unverified', reason: 'payment_not_found_on_fetch' };
  const paymentRequestId = text(payment, 'payment_request_id');
  if (!paymentRequestId)
    throw new GatewayUnavailable('Xendit answered fetch payment without its payment request');
  const request = await reads.paymentRequest(paymentRequestId);
  if (request === undefined) return { kind: 'unverified', reason: 'payment_not_found_on_fetch' };
  // Cards are paid through a session, whose completion reports them: Xendit does not document which reference id
  // the payment request a session makes carries, so its payment.capture is not matched to an attempt.
  if (text(request, 'channel_code') !== qrisChannel)
    return { kind: 'ignored', reason: 'a card payment: reported by its session completing' };
  if (claimsAnother(data, 'payment_request_id', paymentRequestId))
    return { kind: 'anomaly', reason: 'payment_of_another_attempt' };
  return paymentEvent({ externalId: text(request, 'reference_id'), paymentRequestId }, payment);
}

/** Refund statuses (docs: refund-payment-request, RefundStatus) and what they mean for our refund. */
const refundEvents: Record<string, 'refund.succeeded' | 'refund.failed' | undefined> = {
  SUCCEEDED: 'refund.succeeded',
  FAILED: 'refund.failed',
  CANCELLED: 'refund.failed',
};

async function refundSettled(reads: XenditReads, data: unknown): Promise<CallbackEvent> {
  // The documented example nests the refund once more (`data.data`); the schema says `data` is the refund.
  const refundId = text(data, 'id') ?? text(field(data, 'data'), 'id');
  if (!refundId) return { kind: 'anomaly', reason: 'refund_id_missing' };
  const refund = await reads.refund(refundId);
  if (refund === undefined) return { kind: 'unverified', reason: 'refund_not_found_on_fetch' };
  const status = text(refund, 'status') ?? '';
  const event = refundEvents[status];
  // Still PENDING at the API although a webhook says it ended: Xendit retries, and the API catches up.
  if (!event) throw new GatewayUnavailable('Xendit has not settled the refund yet');
  return reportedRefund({
    event,
    reference_id: text(refund, 'reference_id'),
    refund_id: text(refund, 'id') ?? refundId,
    failure_code: text(refund, 'failure_code') ?? (status === 'CANCELLED' ? 'REFUND_CANCELLED' : undefined),
  });
}

/** A v3, session or refund webhook, authenticated by the caller: what it reports, as the API says it. */
export function receiveV3Webhook(reads: XenditReads, claimed: unknown): Promise<CallbackEvent> {
  const data = field(claimed, 'data');
  switch (text(claimed, 'event')) {
    case 'payment_session.completed':
      return sessionCompleted(reads, data);
    case 'payment.capture':
      return paymentCaptured(reads, data);
    case 'refund.succeeded':
    case 'refund.failed':
      return refundSettled(reads, data);
    case 'payment_session.expired':
      return Promise.resolve({ kind: 'ignored', reason: 'a card session ended unpaid' });
    case 'payment.failure':
      // A declined card can be tried again in the same session; the booking stays payable by any method.
      return Promise.resolve({ kind: 'ignored', reason: 'a payment attempt failed' });
    default:
      return Promise.resolve({ kind: 'ignored', reason: 'not an event this site acts on' });
  }
}
