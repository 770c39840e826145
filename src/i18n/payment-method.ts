import { bankNames, usesBillPayment } from '../domain/payment-banks.ts';
import { methodBank, type PaymentMethod } from '../domain/payment-methods.ts';
import type { Locale } from './locales.ts';
import { translate } from './translate.ts';

/**
 * How a payment method reads, one whole message per kind so each language orders its own words: "BNI Virtual
 * Account" / "Virtual Account BNI", "Mandiri bill payment (Multi Payment)" / "Bayar tagihan Mandiri (Multi Payment)",
 * "Card (Visa, Mastercard, JCB)" / "Kartu (Visa, Mastercard, JCB)", "QRIS". The pages and the e-mails say it this way.
 */
export function paymentMethodLabel(method: PaymentMethod, locale: Locale): string {
  if (method === 'card') return translate('payment_method_card', locale);
  if (method === 'qris') return translate('payment_method_qris', locale);
  const bank = methodBank(method);
  if (!bank) return method;
  const kind = usesBillPayment(bank) ? 'payment_method_bill_payment' : 'payment_method_virtual_account';
  return translate(kind, locale, { bank: bankNames[bank] });
}
