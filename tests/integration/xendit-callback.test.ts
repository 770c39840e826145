import { describe, expect, it } from 'vitest';
import { CallbackRejected, GatewayUnavailable } from '../../src/server/payments/gateway.ts';
import { createXenditGateway } from '../../src/server/payments/xendit.ts';
import {
  secretKey,
  callbackToken,
  expectedAuthorization,
  requests,
  payments,
  unreachableUrl,
  failure,
  gateway,
  fake,
  useFakeXendit,
  type FakePayment,
} from '../support/fake-xendit.ts';

// The Xendit adapter receiving callbacks, against the stand-in API (tests/support/fake-xendit.ts).
useFakeXendit();

describe('Xendit gateway: receiveCallback', () => {
  const paid: FakePayment = {
    id: '5f8e658fc5710a7ae00f75db',
    payment_id: '5f8e658f8d65ab385241f17a',
    callback_virtual_account_id: 'va-att-BK7XQ2-1',
    external_id: 'att-BK7XQ2-1',
    account_number: '8808999912345678',
    bank_code: 'BNI',
    amount: 970_000,
    transaction_timestamp: '2026-03-14T02:15:07.000Z',
    merchant_code: '8808',
    currency: 'IDR',
  };

  /** What the callback body claims; the amount and time deliberately differ from what the API will answer. */
  const claimed = JSON.stringify({ ...paid, amount: 1, transaction_timestamp: '2020-01-01T00:00:00.000Z' });

  function headers(token?: string): Headers {
    return new Headers(token === undefined ? {} : { 'X-CALLBACK-TOKEN': token });
  }

  it('reports the payment as the API returns it, not as the callback body claims', async () => {
    payments.set(paid.payment_id, paid);
    const event = await gateway().receiveCallback({ headers: headers(callbackToken), body: claimed });

    expect(event).toEqual({
      kind: 'paid',
      payment: {
        externalId: 'att-BK7XQ2-1',
        gatewayPaymentId: '5f8e658f8d65ab385241f17a',
        amount: 970_000,
        paidAt: new Date('2026-03-14T02:15:07.000Z'),
      },
    });
    expect(requests).toEqual([
      {
        method: 'GET',
        url: '/callback_virtual_account_payments/payment_id=5f8e658f8d65ab385241f17a',
        authorization: expectedAuthorization,
        body: '',
      },
    ]);
  });

  it.each([
    ['a wrong token of the same length', callbackToken.replace(/.$/, 'x')],
    ['no token', undefined],
    ['a shorter token', 'cb-token'],
    ['a longer token', `${callbackToken}-and-more`],
    ['an empty token', ''],
  ])('rejects a callback with %s and never calls the API', async (_label, token) => {
    payments.set(paid.payment_id, paid);
    const error = await failure(gateway().receiveCallback({ headers: headers(token), body: claimed }));
    expect(error).toBeInstanceOf(CallbackRejected);
    expect(requests).toHaveLength(0);
  });

  it('rejects a wrong token before reading the body', async () => {
    const error = await failure(gateway().receiveCallback({ headers: headers('nope'), body: 'not json' }));
    expect(error).toBeInstanceOf(CallbackRejected);
  });

  it('reports a payment the API does not know (404) as unverified, not forged: it may be real money', async () => {
    const event = await gateway().receiveCallback({ headers: headers(callbackToken), body: claimed });
    expect(event).toEqual({ kind: 'unverified', reason: 'payment_not_found_on_fetch' });
    expect(requests).toHaveLength(1);
  });

  it('keeps a callback that names another attempt than the fetched payment as an anomaly', async () => {
    payments.set(paid.payment_id, paid);
    const body = JSON.stringify({ ...paid, external_id: 'att-OTHER-1' });
    const event = await gateway().receiveCallback({ headers: headers(callbackToken), body });
    expect(event).toEqual({ kind: 'anomaly', reason: 'payment_of_another_attempt' });
  });

  it('escapes the payment id in the API path', async () => {
    const body = JSON.stringify({ ...paid, payment_id: '../callback_virtual_accounts?x=1' });
    const event = await gateway().receiveCallback({ headers: headers(callbackToken), body });
    expect(event.kind).toBe('unverified');
    expect(requests[0]?.url).toBe(
      '/callback_virtual_account_payments/payment_id=..%2Fcallback_virtual_accounts%3Fx%3D1',
    );
  });

  it('throws GatewayUnavailable when the API fails, is unreachable or too slow while fetching', async () => {
    payments.set(paid.payment_id, paid);
    const callback = { headers: headers(callbackToken), body: claimed };

    fake.failWithStatus = 503;
    const broken = await failure(gateway().receiveCallback(callback));
    expect(broken).toBeInstanceOf(GatewayUnavailable);
    expect(broken.message).toContain('503');

    fake.failWithStatus = undefined;
    const down = await failure(gateway({ apiUrl: await unreachableUrl() }).receiveCallback(callback));
    expect(down).toBeInstanceOf(GatewayUnavailable);

    fake.delayMs = 1_000;
    const slow = await failure(gateway({ timeoutMs: 150 }).receiveCallback(callback));
    expect(slow).toBeInstanceOf(GatewayUnavailable);
  });

  it('ignores authenticated callbacks that report no payment, without calling the API', async () => {
    const vaCreated = JSON.stringify({
      id: 'va-att-BK7XQ2-1',
      external_id: 'att-BK7XQ2-1',
      account_number: '8808999912345678',
      bank_code: 'BNI',
      status: 'ACTIVE',
    });
    const created = await gateway().receiveCallback({ headers: headers(callbackToken), body: vaCreated });
    expect(created.kind).toBe('ignored');
    const garbage = await gateway().receiveCallback({ headers: headers(callbackToken), body: 'not json' });
    expect(garbage).toEqual({ kind: 'anomaly', reason: 'body_not_json' }); // signed, yet unreadable: kept for the agency
    expect(requests).toHaveLength(0);
  });

  it('refuses to start without a callback token, so an empty header can never match', () => {
    expect(() =>
      createXenditGateway({ secretKey, callbackToken: '', apiUrl: 'http://127.0.0.1:9' }),
    ).toThrow();
  });
});
