import { createHash, timingSafeEqual } from 'node:crypto';
import type { PaymentBank } from '../../domain/payment-banks.ts';
import { CallbackRejected, GatewayUnavailable, reportedPayment } from './gateway.ts';
import { describeFailure, field, text, xenditApi } from './xendit-api.ts';
import { xenditAccounts } from './xendit-accounts.ts';
import { xenditCheckouts } from './xendit-checkouts.ts';
import { receiveV3Webhook, xenditReads } from './xendit-webhooks.ts';
import type {
  AttemptRef,
  CallbackEvent,
  IssuedVirtualAccount,
  PaymentGateway,
  VirtualAccountRequest,
} from './gateway.ts';

/**
 * Xendit's Fixed Virtual Account API (the "callback_virtual_accounts" family): one closed, single-use VA per payment
 * attempt, a "VA paid" callback authenticated by the account's callback token, and the payment fetched back from the
 * API so that only what Xendit itself says is ever reported as paid. Cards (a hosted payment session), QRIS (a v3
 * payment request) and refunds are in xendit-checkouts.ts and xendit-webhooks.ts; their webhooks share the token.
 */
export interface XenditGatewayOptions {
  /** The secret API key: the Basic auth user (with an empty password). Never logged, never in an error message. */
  secretKey: string;
  /** The callback verification token from the dashboard; Xendit sends it as X-CALLBACK-TOKEN. */
  callbackToken: string;
  /** The API origin, e.g. https://api.xendit.co (tests point it at a local fake). */
  apiUrl: string;
  fetch?: typeof fetch;
  /** Per request, including reading the answer. Xendit gives our callback endpoint 30 s, so stay well under. */
  timeoutMs?: number;
  /** This site's public address (SITE_URL): a card session sends the traveller back to a page under it. */
  siteUrl?: string;
}

/** A card session or a QRIS code; an attempt without a method is a virtual account. */
const isCheckout = (ref: AttemptRef) => ref.method === 'card' || ref.method === 'qris';

const defaultTimeoutMs = 10_000;

const bankCodes: Record<PaymentBank, string> = {
  bni: 'BNI',
  bri: 'BRI',
  bsi: 'BSI',
  mandiri: 'MANDIRI',
  permata: 'PERMATA',
};

const fallbackAccountName = 'Segara Ferry';
/** Xendit's refusal of a VA name it does not allow (bank, institution or government words). */
const nameNotAllowed = 'CALLBACK_VIRTUAL_ACCOUNT_NAME_NOT_ALLOWED_ERROR';
const maxAccountNameLength = 50;

/**
 * The name the bank app shows the payer. Xendit rejects VA names with anything but letters and spaces for several
 * banks, so accents are folded to their base letter (José -> Jose) and every other character becomes a space rather
 * than vanishing, so "O'Brien" or "Agency/BK7X" do not glue words together.
 */
export function xenditAccountName(name: string): string {
  const letters = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]+/g, ' ')
    .trim();
  return letters.slice(0, maxAccountNameLength).trim() || fallbackAccountName;
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

export function createXenditGateway(options: XenditGatewayOptions): PaymentGateway {
  // An empty token would accept a callback with an empty header; an empty key would fail every call late.
  if (!options.secretKey || !options.callbackToken) {
    throw new Error('Xendit gateway needs a secret key and a callback token');
  }
  const call = xenditApi({ ...options, timeoutMs: options.timeoutMs ?? defaultTimeoutMs });
  const expectedTokenDigest = sha256(options.callbackToken);
  const reads = xenditReads(call);
  const accounts = xenditAccounts(call, fetchPayment);
  const checkouts = xenditCheckouts(call, reads, options.siteUrl);

  function tokenMatches(received: string | null): boolean {
    if (received === null) return false;
    // Equal-length digests: timingSafeEqual never throws and the comparison leaks neither content nor length.
    return timingSafeEqual(sha256(received), expectedTokenDigest);
  }

  /**
   * The payment as Xendit's API knows it ("Get Fixed Virtual Account Payment", GET
   * /callback_virtual_account_payments/payment_id={id}), or `undefined` when the API says it does not exist.
   */
  async function fetchPayment(paymentId: string): Promise<unknown> {
    const action = 'fetch VA payment';
    const answer = await call(
      'GET',
      `/callback_virtual_account_payments/payment_id=${encodeURIComponent(paymentId)}`,
      action,
    );
    // Not found with this key. The token was right, so this may be real money seen from the wrong account or mode:
    // never drop it (the caller keeps it for the agency and asks Xendit to retry).
    if (answer.status === 404) return undefined;
    // Anything else (5xx, 401 from a rotated key, 429) is on us or them, not the payer: fail so Xendit retries.
    if (!answer.ok) throw new GatewayUnavailable(describeFailure(action, answer));
    return answer.data;
  }

  return {
    name: 'xendit',
    createCheckout: (request) => checkouts.createCheckout(request),
    requestRefund: (request) => checkouts.requestRefund(request),

    closeAttempt(ref) {
      return isCheckout(ref) ? checkouts.closeCheckout(ref) : accounts.closeAttempt(ref);
    },

    attemptStatus(ref) {
      return isCheckout(ref) ? checkouts.checkoutStatus(ref) : accounts.attemptStatus(ref);
    },

    extendAttempt(ref, expiresAt) {
      return isCheckout(ref) ? checkouts.extendCheckout() : accounts.extendAttempt(ref, expiresAt);
    },

    async createVirtualAccount(request: VirtualAccountRequest): Promise<IssuedVirtualAccount> {
      const action = 'create VA';
      const create = (name: string, idempotencyKey: string) =>
        call(
          'POST',
          '/callback_virtual_accounts',
          action,
          {
            external_id: request.externalId,
            bank_code: bankCodes[request.bank],
            name,
            expected_amount: request.amount,
            // Closed + single use: the bank refuses any other amount and the number dies after one payment.
            is_closed: true,
            is_single_use: true,
            expiration_date: request.expiresAt.toISOString(),
          },
          // The payment attempt recorded before this call: a retried or adopted "Pay" asks for the same VA.
          { 'X-IDEMPOTENCY-KEY': idempotencyKey },
        );
      let answer = await create(xenditAccountName(request.name), request.externalId);
      // Xendit refuses names with bank, institution or government words ("CV Karya Mandiri" is a common name):
      // once, the VA takes the agency's name instead, so such a traveller can still pay. Its own key: the refused
      // request must not be replayed for it.
      if (text(answer.data, 'error_code') === nameNotAllowed)
        answer = await create(fallbackAccountName, `${request.externalId}-agency-name`);
      if (!answer.ok) throw new GatewayUnavailable(describeFailure(action, answer));
      const id = text(answer.data, 'id');
      const accountNumber = text(answer.data, 'account_number');
      if (!id || !accountNumber)
        throw new GatewayUnavailable(`Xendit answered ${action} without id or number`);
      if (request.bank !== 'mandiri') return { accountNumber, gatewayAccountId: id };
      // Mandiri: Xendit's account_number already starts with its company (merchant) code, and its guide has the
      // payer enter the company code and then the whole number (docs.xendit.co/docs/mandiri-virtual-account). The
      // number is shown whole and the code beside it; a number that does not start with the code is not Xendit's
      // documented shape, so fail rather than show something the bank would refuse.
      const merchantCode = text(answer.data, 'merchant_code');
      if (!merchantCode || !accountNumber.startsWith(merchantCode) || accountNumber === merchantCode) {
        throw new GatewayUnavailable(
          `Xendit answered ${action} for Mandiri without its merchant code prefix`,
        );
      }
      return {
        accountNumber,
        billerCode: merchantCode,
        gatewayAccountId: id,
      };
    },

    async receiveCallback({ headers, body }): Promise<CallbackEvent> {
      // Authenticate before reading a byte of the body: an unauthenticated caller learns nothing and costs no API call.
      if (!tokenMatches(headers.get('x-callback-token'))) {
        throw new CallbackRejected('Xendit callback without the right X-CALLBACK-TOKEN');
      }
      let claimed: unknown;
      try {
        claimed = JSON.parse(body);
      } catch {
        return { kind: 'anomaly', reason: 'body_not_json' };
      }
      // Sessions, v3 payments and refunds name their event and keep the rest under `data`; a VA callback names its
      // attempt at the top (`external_id`), and keeps its own path whatever else it carries.
      if (text(claimed, 'event') !== undefined && text(claimed, 'external_id') === undefined)
        return receiveV3Webhook(reads, claimed);
      const paymentId = text(claimed, 'payment_id');
      const externalId = text(claimed, 'external_id');
      // VA created/updated callbacks share the token but carry no payment: nothing to do, answer 2xx.
      if (!paymentId || !externalId) {
        return { kind: 'ignored', reason: 'not a VA-paid callback (no payment_id or external_id)' };
      }

      // The token proves only that someone holds it; the amount and attempt come from Xendit's API, not the body.
      const fetched = await fetchPayment(paymentId);
      if (fetched === undefined) return { kind: 'unverified', reason: 'payment_not_found_on_fetch' };
      const fetchedPaymentId = text(fetched, 'payment_id');
      const fetchedExternalId = text(fetched, 'external_id');
      if (!fetchedExternalId) {
        throw new GatewayUnavailable('Xendit answered fetch VA payment with an incomplete payment');
      }
      // The token was right but the body names another attempt than the payment: someone must look; a retry would
      // say the same, so it is kept and answered 200.
      if ((fetchedPaymentId && fetchedPaymentId !== paymentId) || fetchedExternalId !== externalId)
        return { kind: 'anomaly', reason: 'payment_of_another_attempt' };
      // What Xendit's API says counts; an amount or id we cannot apply is kept as an anomaly (a retry says the same).
      return reportedPayment(
        {
          externalId: fetchedExternalId,
          gatewayPaymentId: paymentId,
          amount: field(fetched, 'amount'),
          paidAt: text(fetched, 'transaction_timestamp'),
        },
        new Date(),
      );
    },
  };
}
