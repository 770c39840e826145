import * as z from 'zod/mini';
import { MAX_PARTY } from '../domain/passengers.ts';
import { ticketChoice } from './shared-fields.ts';
import { nationalityField, sexField } from './travel-document.ts';

/**
 * Online check-in: the tickets of the passengers to check in (one sailing's, usually), and, per ticket, the
 * passenger's nationality and sex for the manifest. The page asks for them (a chosen passenger without a sex is
 * refused); an API client may leave them out, and the manifest then marks them missing for the counter. Shared by
 * POST /api/bookings/{id}/check-in and the check-in page. Messages are i18n keys.
 */
export const checkInSchema = z.object({
  tickets: ticketChoice('checkin_error_choose', 'checkin_error_ticket'),
  travellers: z.optional(
    z
      .array(
        z.object({
          ticket: z
            .string({ error: 'checkin_error_ticket' })
            .check(z.regex(/^[A-Z0-9-]{6,16}$/, 'checkin_error_ticket')),
          nationality: z.optional(nationalityField),
          sex: z.optional(sexField),
        }),
      )
      .check(z.maxLength(MAX_PARTY * 2, 'checkin_error_ticket')),
  ),
});
export type CheckInRequest = z.infer<typeof checkInSchema>;
