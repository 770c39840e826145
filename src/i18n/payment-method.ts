import { bankNames, usesBillPayment, type PaymentBank } from '../domain/payment-banks.ts';
import type { Locale } from './locales.ts';
import { translate } from './translate.ts';

/**
 * How a payment method reads, one whole message per kind so each language orders its own words: "BNI Virtual
 * Account" / "Virtual Account BNI", "Mandiri bill payment (Multi Payment)" / "Bayar tagihan Mandiri (Multi Payment)".
 * The pages and the e-mails both say it this way.
 */
export function paymentMethodLabel(bank: PaymentBank, locale: Locale): string {
  const kind = usesBillPayment(bank) ? 'payment_method_bill_payment' : 'payment_method_virtual_account';
  return translate(kind, locale, { bank: bankNames[bank] });
}
