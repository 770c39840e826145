import * as z from 'zod/mini';
import { ACCESS_CODE_DIGITS, normalizeAccessCode } from '../domain/booking-access.ts';

/**
 * Proof that a booking is the sender's (domain/booking-access.ts): its contact e-mail, or the one-time code e-mailed
 * there, one of the two. `attach` (the one-time code only, logged in): the booking then joins the account. Shared by
 * POST /api/bookings/{id}/access and the booking's verify page. Messages are i18n keys.
 */
export const bookingAccessSchema = z
  .object({
    email: z.optional(
      z
        .string({ error: 'booking_error_email' })
        .check(
          z.trim(),
          z.maxLength(254, 'booking_error_email_invalid'),
          z.email('booking_error_email_invalid'),
        ),
    ),
    code: z.optional(
      z.pipe(
        z.string({ error: 'booking_access_code_required' }),
        z.transform((typed, ctx) => {
          const code = normalizeAccessCode(typed);
          if (new RegExp(`^\\d{${String(ACCESS_CODE_DIGITS)}}$`).test(code)) return code;
          ctx.issues.push({ code: 'custom', message: 'booking_access_code_required', input: typed });
          return z.NEVER;
        }),
      ),
    ),
    attach: z.optional(z.boolean({ error: 'api_malformed' })),
  })
  .check(
    z.refine((proof) => (proof.email === undefined) !== (proof.code === undefined), {
      message: 'booking_access_one_proof',
      path: ['email'],
    }),
  );

export type BookingAccessRequest = z.infer<typeof bookingAccessSchema>;
