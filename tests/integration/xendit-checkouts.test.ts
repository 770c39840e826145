import { describe, expect, it } from 'vitest';
import { GatewayUnavailable, GatewayUnreachable } from '../../src/server/payments/gateway.ts';
import {
  expectedAuthorization,
  failure,
  fake,
  gateway,
  requests,
  secretKey,
  siteUrl,
  unreachableUrl,
  useFakeXendit,
} from '../support/fake-xendit.ts';
import { payQr, qrString, sessions, v3 } from '../support/fake-xendit-v3.ts';
import {
  checkoutRequest as checkout,
  paidCard,
  refundRequest as refund,
} from '../support/xendit-fixtures.ts';

// Card sessions, QRIS codes and refunds through the Xendit adapter, against the stand-in API
// (tests/support/fake-xendit-v3.ts, after Xendit's API reference).
useFakeXendit();

const inAnHour = () => new Date(Date.now() + 3_600_000);
const sentBody = (index = 0) => JSON.parse(requests[index]?.body ?? '{}') as Record<string, unknown>;

describe('Xendit gateway: createCheckout', () => {
  it('opens a hosted card session for the amount, ending at the deadline, returning to our page', async () => {
    const expiresAt = inAnHour();
    const issued = await gateway().createCheckout(checkout({ expiresAt }));

    const id = [...sessions.keys()][0] ?? '';
    expect(issued).toEqual({
      kind: 'redirect',
      url: `https://checkout-staging.xendit.co/sessions/${id}`,
      gatewayAccountId: id,
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/sessions',
      authorization: expectedAuthorization,
      idempotencyKey: 'att-BK7XQ2-2',
    });
    expect(sentBody()).toEqual({
      reference_id: 'att-BK7XQ2-2',
      session_type: 'PAY',
      mode: 'PAYMENT_LINK',
      amount: 970_000,
      currency: 'IDR',
      country: 'ID',
      allowed_payment_channels: ['CARDS'],
      allow_save_payment_method: 'DISABLED',
      expires_at: expiresAt.toISOString(),
      locale: 'id',
      description: 'BK7XQ2',
      // Absolute, under the site's address: Xendit sends the traveller back there, paid or not.
      success_return_url: `${siteUrl}/id/booking/4b1c/payment?returned`,
      cancel_return_url: `${siteUrl}/id/booking/4b1c/payment`,
    });
  });

  it('asks again with the same key and gets the same session, not a second one', async () => {
    const first = await gateway().createCheckout(checkout());
    const again = await gateway().createCheckout(checkout());
    expect(again).toEqual(first);
    expect(sessions.size).toBe(1);
  });

  it('gives a deadline under ten minutes away a session Xendit accepts (ten minutes and a margin)', async () => {
    const issued = await gateway().createCheckout(checkout({ expiresAt: new Date(Date.now() + 60_000) }));
    expect(issued.kind).toBe('redirect');
    const ends = Date.parse(String(sentBody().expires_at));
    expect(ends).toBeGreaterThanOrEqual(Date.now() + 10 * 60_000);
  });

  it('issues one QRIS payment request for the amount and draws its QR string', async () => {
    const issued = await gateway().createCheckout(checkout({ method: 'qris' }));

    expect(issued).toEqual({
      kind: 'qr',
      qrString,
      gatewayAccountId: expect.stringMatching(/^pr-/) as unknown,
    });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/v3/payment_requests',
      idempotencyKey: 'att-BK7XQ2-2',
      apiVersion: '2024-11-11',
    });
    expect(sentBody()).toEqual({
      reference_id: 'att-BK7XQ2-2',
      type: 'PAY',
      country: 'ID',
      currency: 'IDR',
      request_amount: 970_000,
      channel_code: 'QRIS',
      channel_properties: {},
      description: 'BK7XQ2',
    });
  });

  it('throws GatewayUnavailable, naming the status and never the key, when Xendit refuses or fails', async () => {
    const noHttps = await failure(gateway({ siteUrl: 'http://localhost:4321' }).createCheckout(checkout()));
    expect(noHttps).toBeInstanceOf(GatewayUnavailable);
    expect(noHttps.message).toBe('Xendit answered 400 (INVALID_URL) to create card session');

    fake.failWithStatus = 503;
    for (const method of ['card', 'qris'] as const) {
      const broken = await failure(gateway().createCheckout(checkout({ method })));
      expect(broken).toBeInstanceOf(GatewayUnavailable);
      expect(broken.message).toContain('503');
      expect(broken.message).not.toContain(secretKey);
    }
    fake.failWithStatus = undefined;
    const down = await failure(gateway({ apiUrl: await unreachableUrl() }).createCheckout(checkout()));
    expect(down).toBeInstanceOf(GatewayUnreachable);
  });

  it('refuses to open a card session without the site address to return to', async () => {
    const error = await failure(gateway({ siteUrl: '' }).createCheckout(checkout()));
    expect(error).toBeInstanceOf(GatewayUnavailable);
    expect(requests).toHaveLength(0);
  });
});

describe('Xendit gateway: requestRefund', () => {
  it('asks for the refund by payment request id, with our refund id as reference and idempotency key', async () => {
    const { session } = await paidCard();
    const answer = await gateway().requestRefund(
      refund({ gatewayPaymentId: String(session.payment_request_id) }),
    );

    expect(answer).toEqual({ kind: 'requested', gatewayRefundId: expect.stringMatching(/^rfd-/) as unknown });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/refunds',
      idempotencyKey: '0b7f7a52-5d1e-4c8e-9f8a-2f6e1c3b9d10',
    });
    expect(sentBody()).toEqual({
      reference_id: '0b7f7a52-5d1e-4c8e-9f8a-2f6e1c3b9d10',
      payment_request_id: session.payment_request_id,
      amount: 400_000,
      currency: 'IDR',
      reason: 'REQUESTED_BY_CUSTOMER',
    });
    // Asked again (a retry after a lost answer): the same refund.
    const again = await gateway().requestRefund(
      refund({ gatewayPaymentId: String(session.payment_request_id) }),
    );
    expect(again).toEqual(answer);
  });

  it('refunds a QRIS payment by its payment request, the id the attempt was issued with', async () => {
    const issued = await gateway().createCheckout(checkout({ method: 'qris' }));
    payQr(issued.gatewayAccountId);
    const { gatewayAccountId } = issued;
    const answer = await gateway().requestRefund(
      refund({ method: 'qris', gatewayPaymentId: gatewayAccountId, gatewayAccountId }),
    );
    expect(answer.kind).toBe('requested');
  });

  it.each([
    [403, 'REFUND_NOT_SUPPORTED'],
    [403, 'PARTIAL_REFUND_NOT_SUPPORTED'],
    [400, 'INELIGIBLE_TRANSACTION_STATUS'],
  ])('answers refused for a final %i %s, so the refund goes by bank transfer', async (status, code) => {
    const { session } = await paidCard();
    v3.refuseRefunds = { status, error_code: code };
    const answer = await gateway().requestRefund(
      refund({ gatewayPaymentId: String(session.payment_request_id) }),
    );
    expect(answer).toEqual({ kind: 'refused', reason: code });
  });

  it('answers refused for more than was paid, and for a payment Xendit does not know', async () => {
    const { session } = await paidCard();
    const tooMuch = refund({ gatewayPaymentId: String(session.payment_request_id), amount: 970_001 });
    expect(await gateway().requestRefund(tooMuch)).toEqual({
      kind: 'refused',
      reason: 'REFUND_AMOUNT_EXCEEDED',
    });
    expect(await gateway().requestRefund(refund({ gatewayPaymentId: 'pr-unknown' }))).toEqual({
      kind: 'refused',
      reason: 'DATA_NOT_FOUND',
    });
  });

  it('throws for 5xx, 429 and refusals that may pass later, so the sweep asks again', async () => {
    const { session } = await paidCard();
    const asked = refund({ gatewayPaymentId: String(session.payment_request_id) });
    for (const [status, code] of [
      [400, 'INSUFFICIENT_BALANCE'],
      [400, 'REFUND_IN_PROGRESS'],
      [429, 'RATE_LIMIT_EXCEEDED'],
    ] as const) {
      v3.refuseRefunds = { status, error_code: code };
      const error = await failure(gateway().requestRefund(asked));
      expect(error).toBeInstanceOf(GatewayUnavailable);
      expect(error.message).toContain(code);
    }
    v3.refuseRefunds = undefined;
    fake.failWithStatus = 500;
    expect(await failure(gateway().requestRefund(asked))).toBeInstanceOf(GatewayUnavailable);
    fake.failWithStatus = undefined;
    const down = await failure(gateway({ apiUrl: await unreachableUrl() }).requestRefund(asked));
    expect(down).toBeInstanceOf(GatewayUnreachable);
  });

  it('refuses a VA payment without asking Xendit: it has no card or wallet to go back to', async () => {
    const answer = await gateway().requestRefund(refund({ method: 'bni' }));
    expect(answer).toEqual({ kind: 'refused', reason: 'REFUND_NOT_SUPPORTED' });
    expect(requests).toHaveLength(0);
  });
});
