import { isValidPhoneNumber } from 'libphonenumber-js/min';
import * as z from 'zod/mini';
import { isPrintable, printable } from './plain-text.ts';
import { isoDate } from './search.ts';

/**
 * Contact person and passengers of a held booking, shared by the booking flow island and
 * PUT /api/bookings/{id}/details. Messages are i18n keys; rules that need the booking (how many passengers, the
 * last travel date for passport validity) are checked by the service.
 */
const text = (key: string, max = 100) =>
  z
    .string({ error: key })
    .check(z.trim(), z.minLength(1, key), z.maxLength(max, 'booking_error_too_long'), printable());

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** An ISO 3166 country code Intl knows (it echoes unknown codes back). */
function isCountry(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && regionNames.of(code) !== code;
}

const emailFormat = z.email();

export const contactSchema = z.object({
  fullName: text('booking_error_full_name'),
  email: z.string({ error: 'booking_error_email' }).check(
    z.trim(),
    z.minLength(1, 'booking_error_email'),
    z.maxLength(254, 'booking_error_email_invalid'),
    z.refine((value) => value === '' || emailFormat.safeParse(value).success, 'booking_error_email_invalid'),
  ),
  /** E.164, e.g. +6281234567890; the island's phone input produces it. */
  phone: z.string({ error: 'booking_error_phone' }).check(
    z.trim(),
    z.minLength(1, 'booking_error_phone'),
    // Only once there is something: an empty field hears "required" alone.
    z.refine(
      (value) => value === '' || (value.length <= 250 && isPrintable(value) && isValidPhoneNumber(value)),
      'booking_error_phone_invalid',
    ),
  ),
});

export const passengerSchema = z.object({
  fullName: text('booking_error_full_name'),
  passportNumber: z.string({ error: 'booking_error_passport_number' }).check(
    z.trim(),
    z.toUpperCase(),
    z.minLength(1, 'booking_error_passport_number'),
    // Only once there is something: an empty field hears "required" alone.
    z.refine(
      (value) => value === '' || /^[A-Z0-9]{5,20}$/.test(value),
      'booking_error_passport_number_invalid',
    ),
  ),
  passportIssued: isoDate('booking_error_passport_issued'),
  passportExpiry: isoDate('booking_error_passport_expiry'),
  passportCountry: z.string({ error: 'booking_error_passport_country' }).check(
    z.trim(),
    z.toUpperCase(),
    z.minLength(1, 'booking_error_passport_country'),
    z.refine((value) => value === '' || isCountry(value), 'booking_error_passport_country_invalid'),
  ),
});

export const bookingDetailsSchema = z.object({
  contact: contactSchema,
  passengers: z.array(passengerSchema).check(z.minLength(1), z.maxLength(18)),
});

export type BookingDetails = z.infer<typeof bookingDetailsSchema>;
export type PassengerDetails = z.infer<typeof passengerSchema>;
