import * as z from 'zod/mini';
import { paymentBanks } from '../domain/payment-banks.ts';
import { agreement } from './shared-fields.ts';

/**
 * "Pay" on /booking/{id}/payment: the bank of the virtual account and the agreement to the terms and the privacy
 * policy (both required before paying). Shared by the page's form and POST /api/bookings/{id}/payment; form posts
 * send the checkbox as "on".
 */
export const payRequestSchema = z.object({
  bank: z.enum(paymentBanks, { error: 'payment_error_method' }),
  agree: agreement('payment_error_agree'),
});

export type PayRequest = z.infer<typeof payRequestSchema>;
