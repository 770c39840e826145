import type { CheckoutRequest, RefundRequest } from '../../src/server/payments/gateway.ts';
import { gateway, requests } from './fake-xendit.ts';
import { payCard } from './fake-xendit-v3.ts';

// What the app asks of the Xendit adapter for cards, QRIS and refunds, and webhooks as Xendit sends them
// (tests/integration/xendit-checkouts.test.ts, xendit-webhooks.test.ts).

/** A webhook as Xendit sends it: `{ event, business_id, created, data }`. */
export function webhook(event: string, data: Record<string, unknown>): string {
  return JSON.stringify({
    event,
    business_id: '6094fa76c2fd53701b8e079c',
    created: new Date().toISOString(),
    data,
  });
}

export function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    externalId: 'att-BK7XQ2-2',
    method: 'card',
    amount: 970_000,
    expiresAt: new Date(Date.now() + 3_600_000),
    description: 'BK7XQ2',
    returnPath: '/id/booking/4b1c/payment?returned',
    cancelPath: '/id/booking/4b1c/payment',
    locale: 'id',
    ...overrides,
  };
}

export function refundRequest(overrides: Partial<RefundRequest> = {}): RefundRequest {
  return {
    refundId: '0b7f7a52-5d1e-4c8e-9f8a-2f6e1c3b9d10',
    method: 'card',
    gatewayPaymentId: 'pr-none',
    gatewayAccountId: null,
    amount: 400_000,
    ...overrides,
  };
}

/** A card attempt the traveller paid on Xendit's page: its AttemptRef and the completed session. */
export async function paidCard(externalId = 'att-BK7XQ2-2') {
  const issued = await gateway().createCheckout(checkoutRequest({ externalId }));
  const { session, payment } = payCard(issued.gatewayAccountId);
  requests.length = 0;
  const ref = { gatewayAccountId: issued.gatewayAccountId, externalId, method: 'card' as const };
  return { ref, session, payment };
}
