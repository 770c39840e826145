import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentBank } from '../../domain/payment-banks.ts';
import type { Database } from '../db/client.ts';
import {
  reportedPayment,
  reportedRefund,
  CallbackRejected,
  GatewayUnavailable,
  type CallbackEvent,
  type IssuedVirtualAccount,
  type PaymentGateway,
  type VirtualAccountRequest,
} from './gateway.ts';
import {
  closeSandboxCheckout,
  issueSandboxCheckout,
  requestSandboxRefund,
  sandboxCheckoutState,
} from './sandbox-checkouts.ts';
import {
  closeSandboxAccount,
  extendSandboxAccount,
  issueSandboxAccount,
  sandboxAccountState,
} from './sandbox-accounts.ts';

/** The header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, the shape Stripe-style gateways use. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** Signatures older than this are refused, so a captured callback cannot be replayed days later. */
const SIGNATURE_TOLERANCE_SECONDS = 15 * 60;

/** What the sandbox's "VA paid" callback carries: the fields Xendit's carries, under the same names. */
export interface SandboxCallbackBody {
  event: 'va.paid' | 'checkout.paid';
  external_id: string;
  payment_id: string;
  account_number?: string;
  bank_code?: string;
  amount: number;
  transaction_timestamp: string;
}

/** A refund's outcome, as the sandbox's webhook reports it (Xendit's refund.succeeded / refund.failed). */
export interface SandboxRefundCallbackBody {
  event: 'refund.succeeded' | 'refund.failed';
  reference_id: string;
  refund_id: string;
  failure_code?: string;
}

/**
 * Bank-shaped numbers: BNI 16 digits with its 8808 prefix, BRI 15 with a 5-digit company prefix,
 * Permata 16 with a 4-digit prefix, BSI 16 (not documented publicly), Mandiri 15 starting with its 5-digit company
 * code, as Xendit issues them (the payer types the whole number after the code).
 */
const shapes: Record<PaymentBank, { prefix: string; digits: number; billerCode?: string }> = {
  bni: { prefix: '8808', digits: 12 },
  bri: { prefix: '26215', digits: 10 },
  bsi: { prefix: '9347', digits: 12 },
  permata: { prefix: '8625', digits: 12 },
  mandiri: { prefix: '88908', digits: 10, billerCode: '88908' },
};

/**
 * The VA number of an attempt, derived from its external id (keyed by the secret): asking twice for the same attempt
 * gives the same VA, on any process, as a real gateway's idempotency key does.
 */
function digitsFor(secret: string, externalId: string, count: number): string {
  const bytes = createHmac('sha256', secret).update(`va:${externalId}`).digest();
  return Array.from({ length: count }, (_, i) => String((bytes[i] ?? 0) % 10)).join('');
}

function sign(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret)
    .update(`${String(timestamp)}.${body}`)
    .digest('hex');
}

/** Headers of a signed sandbox callback: what the simulator sends and what the tests forge. */
export function sandboxSignature(secret: string, body: string, now = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${String(timestamp)},v1=${sign(secret, timestamp, body)}`;
}

function verify(secret: string, header: string | null, body: string, now: Date): boolean {
  const parts: Record<string, string | undefined> = Object.fromEntries(
    (header ?? '').split(',').map((part) => part.trim().split('=', 2) as [string, string]),
  );
  const timestamp = Number(parts.t);
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  if (!Number.isInteger(timestamp) || given.length !== 32) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  return timingSafeEqual(given, Buffer.from(sign(secret, timestamp, body), 'hex'));
}

/**
 * The built-in gateway (the default): issues bank-shaped VA numbers at once, keeps them in its own books
 * (sandbox-accounts.ts) so closing and asking after one answer as a real gateway would, and authenticates its
 * callbacks by an HMAC signature over the raw body. The simulator page plays the bank and sends those callbacks
 * over HTTP.
 */
export function createSandboxGateway(options: {
  secret: string;
  database: () => Promise<Database>;
  clock?: () => Date;
}): PaymentGateway {
  const clock = options.clock ?? (() => new Date());
  return {
    name: 'sandbox',
    async createVirtualAccount(request: VirtualAccountRequest): Promise<IssuedVirtualAccount> {
      const shape = shapes[request.bank];
      return issueSandboxAccount(await options.database(), {
        id: `sandbox-va-${request.externalId}`,
        externalId: request.externalId,
        bank: request.bank,
        accountNumber: shape.prefix + digitsFor(options.secret, request.externalId, shape.digits),
        billerCode: shape.billerCode ?? null,
        amount: request.amount,
        expiresAt: request.expiresAt,
      });
    },
    async createCheckout(request) {
      return issueSandboxCheckout(await options.database(), request, clock());
    },
    async requestRefund(request) {
      return requestSandboxRefund(await options.database(), request, clock());
    },
    async closeAttempt(account) {
      const db = await options.database();
      if (account.method === 'card' || account.method === 'qris')
        return closeSandboxCheckout(db, account, clock());
      return closeSandboxAccount(db, account, clock());
    },
    async extendAttempt(account, expiresAt) {
      // A QRIS code outlives our deadline anyway; a card session cannot move, and a new "Pay" opens another.
      if (account.method === 'card' || account.method === 'qris') return 'extended';
      return extendSandboxAccount(await options.database(), account, expiresAt, clock());
    },
    async attemptStatus(account) {
      const db = await options.database();
      const state =
        account.method === 'card' || account.method === 'qris'
          ? await sandboxCheckoutState(db, account, clock())
          : await sandboxAccountState(db, account, clock());
      if (!state) throw new GatewayUnavailable('the sandbox issued no such VA');
      return state;
    },
    receiveCallback({ headers, body }): Promise<CallbackEvent> {
      // Authenticity first: nothing in an unsigned or tampered body is read.
      if (!verify(options.secret, headers.get(SANDBOX_SIGNATURE_HEADER), body, clock()))
        return Promise.reject(new CallbackRejected('sandbox signature missing or wrong'));
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return Promise.resolve({ kind: 'anomaly', reason: 'body_not_json' });
      }
      const event = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
      if (event.event === 'refund.succeeded' || event.event === 'refund.failed')
        return Promise.resolve(reportedRefund(event));
      // A signed body that is none of the sandbox's events is worth a look.
      if (event.event !== 'va.paid' && event.event !== 'checkout.paid')
        return Promise.resolve({ kind: 'anomaly', reason: 'not_a_payment' });
      return Promise.resolve(
        reportedPayment(
          {
            externalId: event.external_id,
            gatewayPaymentId: event.payment_id,
            amount: event.amount,
            paidAt: event.transaction_timestamp,
          },
          clock(),
        ),
      );
    },
  };
}
