import * as z from 'zod/mini';
import { normalizeBookingCode } from '../domain/booking-code.ts';

/**
 * Check order: the booking code (typed as read aloud: any case, spaces or dashes) and the contact e-mail. Shared
 * by the page's form and POST /api/bookings/lookup. Messages are i18n keys ("Booking code", "Email" required).
 */
export const checkOrderSchema = z.object({
  code: z.pipe(
    z.string({ error: 'check_order_error_code' }).check(z.trim(), z.minLength(1, 'check_order_error_code')),
    z.transform((typed, ctx) => {
      const code = normalizeBookingCode(typed);
      if (code) return code;
      ctx.issues.push({ code: 'custom', message: 'check_order_error_code_invalid', input: typed });
      return z.NEVER;
    }),
  ),
  email: z
    .string({ error: 'booking_error_email' })
    .check(z.trim(), z.minLength(1, 'booking_error_email'), z.email('booking_error_email_invalid')),
});

export type CheckOrderRequest = z.infer<typeof checkOrderSchema>;
