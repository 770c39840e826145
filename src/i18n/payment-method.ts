import { bankNames, usesBillPayment, type PaymentBank } from '../domain/payment-banks.ts';
import type { Locale } from './locales.ts';
import { translate } from './translate.ts';

/** How a payment method reads: "BNI Virtual Account", "Mandiri Bayar Tagihan". */
export function paymentMethodLabel(bank: PaymentBank, locale: Locale): string {
  const kind = usesBillPayment(bank) ? 'payment_bill_payment' : 'payment_virtual_account';
  return `${bankNames[bank]} ${translate(kind, locale)}`;
}
