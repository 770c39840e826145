import { describe, expect, it } from 'vitest';
import { GatewayUnavailable } from '../../src/server/payments/gateway.ts';
import { failure, gateway, requests, useFakeXendit } from '../support/fake-xendit.ts';
import { payQr } from '../support/fake-xendit-v3.ts';
import { checkoutRequest as checkout, paidCard } from '../support/xendit-fixtures.ts';

// Asking Xendit whether a card session or a QRIS code was paid, closing and extending them, against the stand-in
// API (tests/support/fake-xendit-v3.ts).
useFakeXendit();

const inAnHour = () => new Date(Date.now() + 3_600_000);

describe('Xendit gateway: status, close and extend of a card session and a QRIS code', () => {
  it('says a session is open, closes it, then says closed and already inactive', async () => {
    const issued = await gateway().createCheckout(checkout());
    const ref = {
      gatewayAccountId: issued.gatewayAccountId,
      externalId: 'att-BK7XQ2-2',
      method: 'card' as const,
    };

    expect(await gateway().attemptStatus(ref)).toEqual({ kind: 'open' });
    expect(await gateway().closeAttempt(ref)).toBe('closed');
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      url: `/sessions/${ref.gatewayAccountId}/cancel`,
    });
    expect(await gateway().attemptStatus(ref)).toEqual({ kind: 'closed' });
    expect(await gateway().closeAttempt(ref)).toBe('already_inactive');
    expect(await gateway().closeAttempt({ ...ref, gatewayAccountId: 'ps-unknown' })).toBe('not_found');
    expect(await gateway().extendAttempt(ref, inAnHour())).toBe('extended');
  });

  it('reports a completed session as paid, with the payment the API confirms', async () => {
    const { ref, session } = await paidCard();
    expect(await gateway().attemptStatus(ref)).toEqual({
      kind: 'paid',
      payments: [
        {
          externalId: 'att-BK7XQ2-2',
          gatewayPaymentId: session.payment_request_id,
          amount: 970_000,
          paidAt: expect.any(Date) as unknown,
        },
      ],
    });
    expect(await gateway().closeAttempt(ref)).toBe('already_inactive');
  });

  it("throws rather than answer for another attempt's session or one Xendit does not have", async () => {
    const { ref } = await paidCard();
    expect(await failure(gateway().attemptStatus({ ...ref, externalId: 'att-OTHER-1' }))).toBeInstanceOf(
      GatewayUnavailable,
    );
    expect(await failure(gateway().attemptStatus({ ...ref, gatewayAccountId: 'ps-x' }))).toBeInstanceOf(
      GatewayUnavailable,
    );
  });

  it('says a QR is open until paid, then paid; a cancelled one is closed', async () => {
    const issued = await gateway().createCheckout(checkout({ method: 'qris' }));
    const ref = {
      gatewayAccountId: issued.gatewayAccountId,
      externalId: 'att-BK7XQ2-2',
      method: 'qris' as const,
    };
    expect(await gateway().attemptStatus(ref)).toEqual({ kind: 'open' });
    expect(await gateway().extendAttempt(ref, inAnHour())).toBe('extended');
    payQr(ref.gatewayAccountId, 969_000);
    expect(await gateway().attemptStatus(ref)).toMatchObject({
      kind: 'paid',
      payments: [{ externalId: 'att-BK7XQ2-2', gatewayPaymentId: ref.gatewayAccountId, amount: 969_000 }],
    });
    expect(await gateway().closeAttempt(ref)).toBe('already_inactive');

    const other = await gateway().createCheckout(checkout({ method: 'qris', externalId: 'att-BK7XQ2-3' }));
    const open = {
      gatewayAccountId: other.gatewayAccountId,
      externalId: 'att-BK7XQ2-3',
      method: 'qris' as const,
    };
    expect(await gateway().closeAttempt(open)).toBe('closed');
    expect(requests.at(-1)).toMatchObject({ url: `/v3/payment_requests/${open.gatewayAccountId}/cancel` });
    expect(requests.at(-1)?.apiVersion).toBe('2024-11-11');
    expect(await gateway().attemptStatus(open)).toEqual({ kind: 'closed' });
  });
});
