import { BOOKING_ACCESS_HEADER, grantAccess } from '../../src/server/auth/booking-access.ts';
import { TEST_LINK_SECRET } from './app.ts';

/**
 * The header that proves a booking to an API call (domain/booking-access.ts), as `POST /api/bookings/lookup`
 * gives it, made at the app's time `at`. For tests whose subject is not the proof itself.
 */
export function accessTo(bookingId: string, at: Date = new Date()): Record<string, string> {
  return { [BOOKING_ACCESS_HEADER]: grantAccess(TEST_LINK_SECRET, bookingId, 'contact', at).token };
}

/** `accessTo` for the booking a path names (`/api/bookings/{id}/...`); none for other paths. */
export function accessForPath(path: string, at: Date = new Date()): Record<string, string> {
  const id = /^\/api\/bookings\/([\w-]{24})\//.exec(path)?.[1];
  return id ? accessTo(id, at) : {};
}
