import { describe, expect, it } from 'vitest';
import { GatewayUnavailable } from '../../src/server/payments/gateway.ts';
import {
  accounts,
  expectedAuthorization,
  failure,
  fake,
  gateway,
  payAccount,
  requests,
  useFakeXendit,
  vaRequest,
} from '../support/fake-xendit.ts';

// Closing a Xendit VA and asking whether it was paid, against the stand-in API (tests/support/fake-xendit.ts).
useFakeXendit();

const inAnHour = () => new Date(Date.now() + 3_600_000);

async function openAccount(externalId = 'att-BK7XQ2-1') {
  const issued = await gateway().createVirtualAccount(vaRequest({ externalId, expiresAt: inAnHour() }));
  requests.length = 0;
  return { gatewayAccountId: issued.gatewayAccountId ?? '', externalId };
}

describe('Xendit gateway: closeAttempt', () => {
  it('closes an open VA by moving its expiration date into the past', async () => {
    const account = await openAccount();

    expect(await gateway().closeAttempt(account)).toBe('closed');

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('PATCH');
    expect(request?.url).toBe('/callback_virtual_accounts/va-att-BK7XQ2-1');
    expect(request?.authorization).toBe(expectedAuthorization);
    const sent = JSON.parse(request?.body ?? '{}') as { expiration_date: string };
    expect(Object.keys(sent)).toEqual(['expiration_date']);
    expect(Date.parse(sent.expiration_date)).toBeLessThan(Date.now());
    expect(await gateway().attemptStatus(account)).toEqual({ kind: 'closed' });
  });

  it('answers already_inactive for a VA that was paid or closed, and not_found for one Xendit does not have', async () => {
    const paid = await openAccount('att-PAID-1');
    payAccount(paid.gatewayAccountId, 'pay-1');
    expect(await gateway().closeAttempt(paid)).toBe('already_inactive');

    const closed = await openAccount('att-CLOSED-1');
    expect(await gateway().closeAttempt(closed)).toBe('closed');
    expect(await gateway().closeAttempt(closed)).toBe('already_inactive');

    expect(await gateway().closeAttempt({ gatewayAccountId: 'va-unknown', externalId: 'x' })).toBe(
      'not_found',
    );
  });

  it('throws GatewayUnavailable when Xendit fails, so the sweeper tries again', async () => {
    const account = await openAccount();
    fake.failWithStatus = 503;
    const error = await failure(gateway().closeAttempt(account));
    expect(error).toBeInstanceOf(GatewayUnavailable);
    expect(error.message).toBe('Xendit answered 503 (SERVER_ERROR) to close VA');
    fake.failWithStatus = undefined;
    expect(await gateway().attemptStatus(account)).toEqual({ kind: 'open' });
  });
});

describe('Xendit gateway: attemptStatus', () => {
  it('says open for an active VA', async () => {
    const account = await openAccount();
    expect(await gateway().attemptStatus(account)).toEqual({ kind: 'open' });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /callback_virtual_accounts/va-att-BK7XQ2-1',
    ]);
  });

  it('says paid with the payments Xendit confirms, fetched back by the ids callbacks reported', async () => {
    const account = await openAccount();
    const payment = payAccount(account.gatewayAccountId, 'pay-confirmed-1');

    const state = await gateway().attemptStatus({
      ...account,
      knownPaymentIds: ['pay-confirmed-1', 'pay-x'],
    });

    expect(state).toEqual({
      kind: 'paid',
      payments: [
        {
          externalId: 'att-BK7XQ2-1',
          gatewayPaymentId: 'pay-confirmed-1',
          amount: 970_000,
          paidAt: new Date(payment.transaction_timestamp),
        },
      ],
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /callback_virtual_accounts/va-att-BK7XQ2-1',
      'GET /callback_virtual_account_payments/payment_id=pay-confirmed-1',
      'GET /callback_virtual_account_payments/payment_id=pay-x',
    ]);
  });

  it('says paid when the single-use VA went inactive before its expiry, even when no callback named the payment', async () => {
    const account = await openAccount();
    payAccount(account.gatewayAccountId, 'pay-unannounced');
    expect(await gateway().attemptStatus(account)).toEqual({ kind: 'paid', payments: [] });
  });

  it('says closed for a VA that expired unpaid', async () => {
    const account = await openAccount();
    const stored = accounts.get(account.gatewayAccountId);
    if (stored) stored.expiration_date = new Date(Date.now() - 1000).toISOString();
    expect(await gateway().attemptStatus(account)).toEqual({ kind: 'closed' });
  });

  it('cannot tell, and says so, for a VA it does not have or that belongs to another attempt', async () => {
    const account = await openAccount();
    const unknown = await failure(gateway().attemptStatus({ ...account, gatewayAccountId: 'va-gone' }));
    expect(unknown).toBeInstanceOf(GatewayUnavailable);
    expect(unknown.message).toBe(
      'Xendit answered 404 (CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR) to fetch VA',
    );
    const other = await failure(gateway().attemptStatus({ ...account, externalId: 'att-OTHER' }));
    expect(other.message).toBe("Xendit answered fetch VA with another attempt's VA");
  });
});

describe('Xendit gateway: extendAttempt', () => {
  it('moves an open VA expiration date later, and leaves a paid one inactive', async () => {
    const account = await openAccount('att-EXTEND-1');
    const later = new Date(Date.now() + 2 * 3_600_000);
    expect(await gateway().extendAttempt(account, later)).toBe('extended');
    const [request] = requests;
    expect(request?.method).toBe('PATCH');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({ expiration_date: later.toISOString() });
    expect(accounts.get(account.gatewayAccountId)?.expiration_date).toBe(later.toISOString());

    const paid = await openAccount('att-EXTEND-PAID');
    payAccount(paid.gatewayAccountId, 'pay-extend');
    expect(await gateway().extendAttempt(paid, later)).toBe('inactive');
    fake.failWithStatus = 503;
    expect(await failure(gateway().extendAttempt(account, later))).toBeInstanceOf(GatewayUnavailable);
  });
});
