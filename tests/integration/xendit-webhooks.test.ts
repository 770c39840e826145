import { describe, expect, it } from 'vitest';
import { CallbackRejected, GatewayUnavailable } from '../../src/server/payments/gateway.ts';
import {
  callbackToken,
  expectedAuthorization,
  failure,
  fake,
  gateway,
  requests,
  useFakeXendit,
} from '../support/fake-xendit.ts';
import {
  payCard,
  paymentRequests,
  payQr,
  refunds,
  sessions,
  settleRefund,
} from '../support/fake-xendit-v3.ts';
import { checkoutRequest, paidCard, refundRequest, webhook } from '../support/xendit-fixtures.ts';

// The Xendit adapter receiving card-session, QRIS and refund webhooks, against the stand-in API
// (tests/support/fake-xendit-v3.ts): authenticated first, then every id fetched back and only the API believed.
useFakeXendit();

const headers = (token: string | undefined) =>
  new Headers(token === undefined ? {} : { 'X-CALLBACK-TOKEN': token });
const receive = (body: string) => gateway().receiveCallback({ headers: headers(callbackToken), body });

async function paidQr(amount?: number) {
  const issued = await gateway().createCheckout(
    checkoutRequest({ method: 'qris', externalId: 'att-BK7XQ2-3' }),
  );
  const payment = payQr(issued.gatewayAccountId, amount);
  requests.length = 0;
  return { requestId: issued.gatewayAccountId, payment };
}

async function requestedRefund() {
  const { session } = await paidCard();
  const asked = refundRequest({ gatewayPaymentId: String(session.payment_request_id) });
  const answer = await gateway().requestRefund(asked);
  const id = answer.kind === 'requested' ? answer.gatewayRefundId : '';
  requests.length = 0;
  return { id, refund: refunds.get(id) ?? {} };
}

describe('Xendit gateway: card session webhooks', () => {
  it('reports the payment as the API returns it, not as the webhook body claims', async () => {
    const { session, payment } = await paidCard();
    // The body claims another amount; only the session's and payment's ids are used, to fetch them back.
    const body = webhook('payment_session.completed', { ...session, amount: 1 });

    const event = await receive(body);

    expect(event).toEqual({
      kind: 'paid',
      payment: {
        externalId: 'att-BK7XQ2-2',
        gatewayPaymentId: session.payment_request_id,
        amount: 970_000,
        paidAt: new Date(String((payment.captures as { capture_timestamp: string }[])[0]?.capture_timestamp)),
      },
    });
    expect(requests.map((r) => [r.method, r.url, r.authorization])).toEqual([
      ['GET', `/sessions/${String(session.payment_session_id)}`, expectedAuthorization],
      ['GET', `/v3/payments/${String(payment.payment_id)}`, expectedAuthorization],
    ]);
    expect(requests[1]?.apiVersion).toBe('2024-11-11');
  });

  it('takes the amount Xendit captured when it differs from the one asked and the one claimed', async () => {
    const issued = await gateway().createCheckout(checkoutRequest());
    const { session } = payCard(issued.gatewayAccountId, 969_000);

    const event = await receive(webhook('payment_session.completed', { ...session, amount: 970_000 }));
    expect(event).toMatchObject({ kind: 'paid', payment: { amount: 969_000 } });
  });

  it('reports a webhook that comes twice with the same payment id, so the second is a duplicate', async () => {
    const { session, payment } = await paidCard();
    const first = await receive(webhook('payment_session.completed', session));
    const again = await receive(webhook('payment_session.completed', session));
    expect(again).toEqual(first);
    // The card's payment.capture names the same payment: it is left to the session's completion.
    const capture = await receive(webhook('payment.capture', payment));
    expect(capture).toEqual({
      kind: 'ignored',
      reason: 'a card payment: reported by its session completing',
    });
  });

  it('asks Xendit to send again a completion the API does not show yet, and keeps an odd one', async () => {
    const issued = await gateway().createCheckout(checkoutRequest());
    const session = sessions.get(issued.gatewayAccountId) ?? {};
    const early = await failure(receive(webhook('payment_session.completed', session)));
    expect(early).toBeInstanceOf(GatewayUnavailable);

    await gateway().closeAttempt({ ...issued, externalId: 'att-BK7XQ2-2', method: 'card' });
    expect(await receive(webhook('payment_session.completed', session))).toEqual({
      kind: 'anomaly',
      reason: 'session_not_completed',
    });
  });

  it('keeps a completion whose body names another attempt than the session as an anomaly', async () => {
    const { session } = await paidCard();
    const body = webhook('payment_session.completed', { ...session, reference_id: 'att-OTHER-1' });
    expect(await receive(body)).toEqual({ kind: 'anomaly', reason: 'payment_of_another_attempt' });
  });

  it('reports a session or payment the API does not know as unverified: it may be real money', async () => {
    const { session } = await paidCard();
    const unknown = { ...session, payment_session_id: 'ps-000000000000000000000000' };
    expect(await receive(webhook('payment_session.completed', unknown))).toEqual({
      kind: 'unverified',
      reason: 'session_not_found_on_fetch',
    });
    expect(await receive(webhook('payment.capture', { payment_id: 'py-unknown' }))).toEqual({
      kind: 'unverified',
      reason: 'payment_not_found_on_fetch',
    });
  });

  it.each([
    ['payment.failure', 'a payment attempt failed'],
    ['payment_session.expired', 'a card session ended unpaid'],
    ['payment.authorization', 'not an event this site acts on'],
    ['invoice.paid', 'not an event this site acts on'],
  ])('ignores %s without calling the API: the booking stays payable', async (event, reason) => {
    const { session } = await paidCard();
    expect(await receive(webhook(event, session))).toEqual({ kind: 'ignored', reason });
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['a wrong token', callbackToken.replace(/.$/, 'x')],
    ['no token', undefined],
  ])('rejects a webhook with %s and never calls the API', async (_label, token) => {
    const { session } = await paidCard();
    const body = webhook('payment_session.completed', session);
    const error = await failure(gateway().receiveCallback({ headers: headers(token), body }));
    expect(error).toBeInstanceOf(CallbackRejected);
    expect(requests).toHaveLength(0);
  });

  it('throws GatewayUnavailable when the API fails while fetching, so Xendit retries', async () => {
    const { session } = await paidCard();
    fake.failWithStatus = 503;
    const error = await failure(receive(webhook('payment_session.completed', session)));
    expect(error).toBeInstanceOf(GatewayUnavailable);
    expect(error.message).toContain('503');
  });
});

describe('Xendit gateway: QRIS webhooks', () => {
  it('reports a paid QR from the fetched payment and payment request, the request id as payment id', async () => {
    const { requestId, payment } = await paidQr();
    const event = await receive(webhook('payment.capture', { ...payment, request_amount: 1, captures: [] }));

    expect(event).toMatchObject({
      kind: 'paid',
      payment: { externalId: 'att-BK7XQ2-3', gatewayPaymentId: requestId, amount: 970_000 },
    });
    expect(requests.map((r) => r.url)).toEqual([
      `/v3/payments/${String(payment.payment_id)}`,
      `/v3/payment_requests/${requestId}`,
    ]);
  });

  it('takes the amount Xendit captured over the one the webhook claims', async () => {
    const { payment } = await paidQr(965_000);
    const claimed = { ...payment, captures: [{ capture_amount: 970_000 }] };
    expect(await receive(webhook('payment.capture', claimed))).toMatchObject({
      kind: 'paid',
      payment: { amount: 965_000 },
    });
  });

  it('reports the same payment id for a capture that comes twice', async () => {
    const { payment } = await paidQr();
    const first = await receive(webhook('payment.capture', payment));
    expect(await receive(webhook('payment.capture', payment))).toEqual(first);
  });

  it('keeps a capture whose body names another payment request than Xendit as an anomaly', async () => {
    const { payment } = await paidQr();
    const other = [...paymentRequests.keys()].find((id) => id !== payment.payment_request_id) ?? 'pr-other';
    const body = webhook('payment.capture', { ...payment, payment_request_id: other });
    expect(await receive(body)).toEqual({ kind: 'anomaly', reason: 'payment_of_another_attempt' });
  });
});

describe('Xendit gateway: refund webhooks', () => {
  it('reports a refund that succeeded, as the API says', async () => {
    const { id, refund } = await requestedRefund();
    settleRefund(id, 'SUCCEEDED');

    expect(await receive(webhook('refund.succeeded', refund))).toEqual({
      kind: 'refund',
      refund: { refundId: refundRequest().refundId, gatewayRefundId: id, outcome: 'succeeded' },
    });
    expect(requests.map((r) => [r.method, r.url])).toEqual([['GET', `/refunds/${id}`]]);
  });

  it('reports a failed refund with Xendit failure code, even when the body claims success', async () => {
    const { id, refund } = await requestedRefund();
    settleRefund(id, 'FAILED', 'INSUFFICIENT_BALANCE');

    const expected = {
      kind: 'refund',
      refund: {
        refundId: refundRequest().refundId,
        gatewayRefundId: id,
        outcome: 'failed',
        failure: 'INSUFFICIENT_BALANCE',
      },
    };
    expect(await receive(webhook('refund.failed', refund))).toEqual(expected);
    expect(await receive(webhook('refund.succeeded', { ...refund, status: 'SUCCEEDED' }))).toEqual(expected);
  });

  it('asks Xendit to retry while its API still shows the refund pending', async () => {
    const { refund } = await requestedRefund();
    expect(await failure(receive(webhook('refund.succeeded', refund)))).toBeInstanceOf(GatewayUnavailable);
  });

  it('reports a refund the API does not know as unverified', async () => {
    const event = await receive(
      webhook('refund.succeeded', { id: 'rfd-unknown', reference_id: refundRequest().refundId }),
    );
    expect(event).toEqual({ kind: 'unverified', reason: 'refund_not_found_on_fetch' });
  });
});
