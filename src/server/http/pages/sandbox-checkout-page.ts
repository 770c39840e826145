import type { AppDeps } from '../../deps.ts';
import type { SandboxCallbackBody, SandboxRefundCallbackBody } from '../../payments/sandbox.ts';
import {
  checkoutStanding,
  declineSandboxCard,
  findSandboxCheckout,
  paySandboxCheckout,
  sandboxRefundsOf,
  settleSandboxRefund,
  type SandboxCheckout,
  type SandboxCheckoutStanding,
  type SandboxRefund,
} from '../../payments/sandbox-checkouts.ts';
import { readForm } from '../body-limit.ts';
import { isCrossSite } from '../same-origin.ts';
import { sendSandboxWebhook } from './sandbox-webhook.ts';

/** The documented test cards (docs/payments.md): paid at once, or after a 3-D Secure code; any other is declined. */
export const FRICTIONLESS_CARDS = ['4000000000001000', '5200000000001005'] as const;
export const CHALLENGE_CARDS = ['4000000000002503', '5200000000002151'] as const;
/** The one-time code the sandbox's 3-D Secure page accepts. */
export const SANDBOX_3DS_CODE = '1234';

export type SandboxCheckoutPage =
  | { kind: 'not_found' }
  | { kind: 'redirect'; to: string }
  | {
      kind: 'page';
      checkout: SandboxCheckout;
      standing: SandboxCheckoutStanding;
      /** The 3-D Secure step, with the card number carried (never stored). */
      challenge?: string;
      declined?: boolean;
      refunds: SandboxRefund[];
      /** What this site's webhook endpoint answered, after a payment or a refund's outcome. */
      answered?: { httpStatus: number; outcome: string };
    };

const digitsOf = (value: FormDataEntryValue | null) =>
  typeof value === 'string' ? value.replace(/\D/g, '') : '';

/**
 * The sandbox's hosted pages (only while the sandbox is the active gateway): a card session's payment page, with
 * the documented test cards (paid, 3-D Secure challenge, declined), and a QRIS code's simulator, where a tester
 * "pays" it as a bank app would. Both list the refunds asked for the payment, which a tester makes succeed or fail.
 * Each outcome goes to this site as a signed webhook, like a real gateway's.
 */
export async function sandboxCheckoutPage(deps: AppDeps, request: Request): Promise<SandboxCheckoutPage> {
  const sign = deps.payments.signSandboxCallback;
  if (!sign) return { kind: 'not_found' };
  const id = new URL(request.url).searchParams.get('id') ?? '';
  const db = await deps.database();
  const found = id ? await findSandboxCheckout(db, id.slice(0, 96)) : undefined;
  if (!found) return { kind: 'not_found' };
  const read = request.method === 'POST' && !isCrossSite(request) ? await readForm(request) : undefined;
  const form = read === 'tooLarge' ? undefined : read;
  const page = async (checkout: SandboxCheckout, extra: object = {}) => ({
    kind: 'page' as const,
    checkout,
    standing: checkoutStanding(checkout, deps.clock()),
    refunds: checkout.paymentId ? await sandboxRefundsOf(db, checkout.paymentId) : [],
    ...extra,
  });
  const action = form?.get('action');
  if (!form || typeof action !== 'string') return page(found);

  if (action === 'refund_succeeded' || action === 'refund_failed') {
    const refundId = form.get('refund');
    const settled =
      typeof refundId === 'string' && found.paymentId
        ? await settleSandboxRefund(
            db,
            refundId,
            found.paymentId,
            action === 'refund_succeeded' ? 'succeeded' : 'failed',
          )
        : undefined;
    if (!settled) return page(found);
    const body: SandboxRefundCallbackBody = {
      event: action === 'refund_succeeded' ? 'refund.succeeded' : 'refund.failed',
      reference_id: settled.referenceId,
      refund_id: settled.id,
      ...(action === 'refund_failed' ? { failure_code: 'REFUND_FAILED_BY_ISSUER' } : {}),
    };
    return page(found, { answered: await sendSandboxWebhook(deps, sign, body) });
  }

  const number = digitsOf(form.get('number'));
  if (action === 'card' && found.method === 'card') {
    if ((CHALLENGE_CARDS as readonly string[]).includes(number)) return page(found, { challenge: number });
    if (!(FRICTIONLESS_CARDS as readonly string[]).includes(number)) {
      await declineSandboxCard(db, found.id, deps.clock());
      return page(found, { declined: true });
    }
  } else if (action === 'otp' && found.method === 'card') {
    if (
      digitsOf(form.get('code')) !== SANDBOX_3DS_CODE ||
      !(CHALLENGE_CARDS as readonly string[]).includes(number)
    ) {
      await declineSandboxCard(db, found.id, deps.clock());
      return page(found, { declined: true });
    }
  } else if (action !== 'pay_qr' || found.method !== 'qris') return page(found);

  const paid = await paySandboxCheckout(db, found.id, deps.clock());
  if ('refused' in paid) return page(found);
  const body: SandboxCallbackBody = {
    event: 'checkout.paid',
    external_id: paid.paid.externalId,
    payment_id: paid.paid.paymentId ?? '',
    amount: paid.paid.paidAmount ?? paid.paid.amount,
    transaction_timestamp: (paid.paid.paidAt ?? deps.clock()).toISOString(),
  };
  const answered = await sendSandboxWebhook(deps, sign, body);
  // A paid card session sends the traveller back to the booking, as the real hosted page does.
  if (found.method === 'card' && found.returnUrl) return { kind: 'redirect', to: found.returnUrl };
  return page(paid.paid, { answered });
}
