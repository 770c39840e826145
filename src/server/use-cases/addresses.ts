import * as z from 'zod/mini';
import { BOOKING_ID_PATTERN } from '../../domain/booking-code.ts';
import { refuse } from '../validation-errors.ts';

/**
 * What an address gives a use case beside its input (use-case.ts `address`): checked before any query, so an id
 * of another shape is simply not found.
 */

/** A booking's `{id}` (`/api/bookings/{id}/...`, `/booking/{id}/...`). */
export function bookingAddress(params: Record<string, string | undefined>): { bookingId: string } {
  const id = params.id ?? '';
  if (!BOOKING_ID_PATTERN.test(id)) throw refuse('booking', 'api_booking_not_found');
  return { bookingId: id };
}

/** The shape of the ids the database makes (saved passengers, staff members). */
const passengerId = z.uuid();

/** A saved passenger's `{id}` (`/api/passengers/{id}`, the Passenger list's forms). */
export function passengerAddress(params: Record<string, string | undefined>): { id: string } {
  const id = params.id ?? '';
  if (!passengerId.safeParse(id).success) throw refuse('passenger', 'api_passenger_not_found');
  return { id };
}

/** A staff member's `{id}` (`/api/staff/members/{id}`, the console's staff list). */
export function staffMemberAddress(params: Record<string, string | undefined>): { id: string } {
  const id = params.id ?? '';
  if (!passengerId.safeParse(id).success) throw refuse('staff', 'staff_error_not_found');
  return { id };
}

/** An announcement's `{id}` (`/api/staff/announcements/{id}`, the console's editor). */
export function announcementAddress(params: Record<string, string | undefined>): { id: string } {
  const id = params.id ?? '';
  if (!passengerId.safeParse(id).success) throw refuse('announcement', 'announcement_error_not_found');
  return { id };
}

/** A refund's `{id}` (`/api/staff/refunds/{id}/...`, the console's refund queue). */
export function refundAddress(params: Record<string, string | undefined>): { refundId: string } {
  const id = params.id ?? '';
  if (!passengerId.safeParse(id).success) throw refuse('refund', 'staff_refund_not_found');
  return { refundId: id };
}

/** A personal-data request's `{id}` (`/api/staff/data-requests/{id}/...`, the console's data requests). */
export function dataRequestAddress(params: Record<string, string | undefined>): { id: string } {
  const id = params.id ?? '';
  if (!passengerId.safeParse(id).success) throw refuse('request', 'data_request_not_found');
  return { id };
}

/** A sailing's `{id}` (`/api/staff/sailings/{id}/...`, the console's sailing page). */
export function sailingAddress(params: Record<string, string | undefined>): { sailingId: string } {
  const id = params.id ?? '';
  if (!passengerId.safeParse(id).success) throw refuse('sailing', 'staff_sailing_not_found');
  return { sailingId: id };
}
