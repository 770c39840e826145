import * as z from 'zod/mini';
import { MAX_PARTY } from '../domain/passengers.ts';

/**
 * Online check-in: the tickets of the passengers to check in (one sailing's, usually), by their numbers as the order
 * page lists them. Shared by POST /api/bookings/{id}/check-in and the check-in page. Messages are i18n keys.
 */
export const checkInSchema = z.object({
  tickets: z
    .array(z.string().check(z.regex(/^[A-Z0-9-]{6,16}$/, 'checkin_error_ticket')))
    .check(z.minLength(1, 'checkin_error_choose'), z.maxLength(MAX_PARTY * 2, 'checkin_error_choose')),
});
export type CheckInRequest = z.infer<typeof checkInSchema>;
