import { methodBank } from '../../domain/payment-methods.ts';
import type { payments } from '../db/schema/payments.ts';
import type { PaymentView } from './booking-view-types.ts';

/** An attempt as the pages and mails show it: what its method issued, and where it stands. */
export function paymentView(payment: typeof payments.$inferSelect): PaymentView {
  const common = {
    method: payment.method,
    amount: payment.amount,
    status: payment.status,
    expiresAt: payment.expiresAt,
    ...(payment.paidAt ? { paidAt: payment.paidAt } : {}),
    gateway: payment.gateway,
  };
  if (payment.method === 'card') return { ...common, kind: 'card', checkoutUrl: payment.checkoutUrl ?? '' };
  if (payment.method === 'qris')
    return {
      ...common,
      kind: 'qris',
      qrString: payment.qrString ?? '',
      gatewayAccountId: payment.gatewayAccountId ?? '',
    };
  // A VA attempt always has its bank (the payments_bank_of_va check).
  const bank = payment.bank ?? methodBank(payment.method);
  if (!bank) throw new Error(`payment ${payment.id} is a virtual account without a bank`);
  return {
    ...common,
    kind: 'virtual_account',
    bank,
    accountNumber: payment.accountNumber ?? '',
    ...(payment.billerCode ? { billerCode: payment.billerCode } : {}),
  };
}
