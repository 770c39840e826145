import { methodBank, methodTraits, type PaymentMethod } from '../../domain/payment-methods.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { PaymentGateway } from '../payments/gateway.ts';

/** What an attempt's method issued, as the `payments` row keeps it. */
export interface IssuedColumns {
  accountNumber: string | null;
  billerCode: string | null;
  gatewayAccountId: string | null;
  checkoutUrl: string | null;
  qrString: string | null;
}

export interface AttemptToIssue {
  externalId: string;
  method: PaymentMethod;
  amount: number;
  expiresAt: Date;
  payerName: string;
  bookingId: string;
  bookingCode: string;
  locale: Locale;
}

/**
 * Asks the gateway for what the attempt's method issues (domain/payment-methods.ts): a virtual account, a hosted
 * card session (which sends the traveller back to the booking's payment page), or a QRIS code. Throws
 * GatewayUnavailable. The one place a method's kind picks the gateway's call.
 */
export async function issueAttempt(gateway: PaymentGateway, attempt: AttemptToIssue): Promise<IssuedColumns> {
  const none = {
    accountNumber: null,
    billerCode: null,
    gatewayAccountId: null,
    checkoutUrl: null,
    qrString: null,
  };
  const bank = methodBank(attempt.method);
  if (bank) {
    const account = await gateway.createVirtualAccount({
      externalId: attempt.externalId,
      bank,
      name: attempt.payerName,
      amount: attempt.amount,
      expiresAt: attempt.expiresAt,
    });
    return {
      ...none,
      accountNumber: account.accountNumber,
      billerCode: account.billerCode ?? null,
      gatewayAccountId: account.gatewayAccountId ?? null,
    };
  }
  const issued = await gateway.createCheckout({
    externalId: attempt.externalId,
    method: methodTraits(attempt.method).kind === 'card' ? 'card' : 'qris',
    amount: attempt.amount,
    expiresAt: attempt.expiresAt,
    description: attempt.bookingCode,
    // Back on the payment page, which then says the payment is being checked until the webhook lands; cancelled,
    // on the same page to choose again.
    returnPath: `${localizePath(`/booking/${attempt.bookingId}/payment`, attempt.locale)}?returned`,
    cancelPath: localizePath(`/booking/${attempt.bookingId}/payment`, attempt.locale),
    locale: attempt.locale,
  });
  return issued.kind === 'redirect'
    ? { ...none, gatewayAccountId: issued.gatewayAccountId, checkoutUrl: issued.url }
    : { ...none, gatewayAccountId: issued.gatewayAccountId, qrString: issued.qrString };
}
