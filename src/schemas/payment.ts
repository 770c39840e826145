import * as z from 'zod/mini';
import { paymentBanks } from '../domain/payment-banks.ts';
import { paymentMethods, type PaymentMethod } from '../domain/payment-methods.ts';
import { agreement } from './shared-fields.ts';

/**
 * "Pay" on /booking/{id}/payment: the payment method (a bank's virtual account, a card, QRIS) and the agreement to
 * the terms and the privacy policy (both required before paying). Shared by the page's form and POST
 * /api/bookings/{id}/payment; form posts send the checkbox as "on". API clients written before cards and QRIS send
 * `bank` (one of the five banks): still understood, as that bank's virtual account.
 */
export const payRequestSchema = z
  .object({
    method: z.optional(z.enum(paymentMethods, { error: 'payment_error_method' })),
    bank: z.optional(z.enum(paymentBanks, { error: 'payment_error_method' })),
    agree: agreement('payment_error_agree'),
  })
  .check(
    z.refine((request) => request.method !== undefined || request.bank !== undefined, {
      error: 'payment_error_method',
      path: ['method'],
      // Said beside the other fields' reasons (a missing agreement too), not only once they are right.
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    }),
  );

export type PayRequest = z.infer<typeof payRequestSchema>;

/** The method asked for: `method`, else the older `bank` field's virtual account. */
export function chosenMethod(request: PayRequest): PaymentMethod {
  const method = request.method ?? request.bank;
  if (!method) throw new Error('payRequestSchema lets no request through without a method');
  return method;
}
