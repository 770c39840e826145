import * as z from 'zod/mini';
import { ticketChoice } from './shared-fields.ts';

/**
 * Online check-in: the tickets of the passengers to check in (one sailing's, usually). Shared by
 * POST /api/bookings/{id}/check-in and the check-in page. Messages are i18n keys.
 */
export const checkInSchema = z.object({
  tickets: ticketChoice('checkin_error_choose', 'checkin_error_ticket'),
});
export type CheckInRequest = z.infer<typeof checkInSchema>;
