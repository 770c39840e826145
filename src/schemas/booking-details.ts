import { getCountries } from 'libphonenumber-js/min';
import * as z from 'zod/mini';
import { birthDateProblemKeys, MAX_PARTY } from '../domain/passengers.ts';
import { passportProblemKeys } from '../domain/passport.ts';
import { formHints } from './form-hints.ts';
import { phoneProblem } from './phone.ts';
import { phoneProblemKeys } from './phone-problems.ts';
import { isPrintable, printable } from './plain-text.ts';
import { isoDate } from './search.ts';

/**
 * Contact person and passengers of a held booking, shared by the booking flow island and
 * PUT /api/bookings/{id}/details. Messages are i18n keys; rules that need the booking (how many passengers, the
 * last travel date for passport validity, the category each date of birth implies) are checked by the service.
 */
/**
 * Every message key the details schemas give, with the domain's passport rules: the island's error words are built
 * from this list, and `key()` lets the schemas use no other (a new message fails the type check until listed).
 */
export const detailsErrorKeys = [
  'booking_error_too_long',
  'booking_error_full_name',
  'booking_error_email',
  'booking_error_email_invalid',
  'booking_error_phone',
  ...phoneProblemKeys,
  'booking_error_passport_number',
  'booking_error_passport_number_invalid',
  'booking_error_passport_issued',
  'booking_error_passport_expiry',
  'booking_error_passport_country',
  'booking_error_passport_country_invalid',
  'booking_error_birth_date',
  'booking_error_date_invalid',
  'error_unprintable',
  'error_invalid_value',
  ...passportProblemKeys,
  ...birthDateProblemKeys,
] as const;
export type DetailsErrorKey = (typeof detailsErrorKeys)[number];
const key = (message: DetailsErrorKey) => message;

const text = (message: DetailsErrorKey, max = 100) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(max, key('booking_error_too_long')), printable());

// The countries the pickers offer (views/countries.ts reads the same list). Intl alone was too kind: it names
// `ZZ` ("Unknown Region") and groupings such as `EU`, which issue no passport.
const countryCodes = new Set<string>(getCountries());
/** An ISO 3166 country code of a country the pickers offer. */
export function isCountry(code: string): boolean {
  return countryCodes.has(code);
}

const emailFormat = z.email();

export const contactSchema = z.object({
  fullName: text(key('booking_error_full_name')),
  email: z.string({ error: key('booking_error_email') }).check(
    z.trim(),
    z.minLength(1, key('booking_error_email')),
    z.maxLength(254, key('booking_error_email_invalid')),
    z.refine(
      (value) => value === '' || emailFormat.safeParse(value).success,
      key('booking_error_email_invalid'),
    ),
  ),
  /** E.164, e.g. +6281234567890; the island's phone input produces it. */
  phone: z
    .string({ error: key('booking_error_phone') })
    .check(
      z.trim(),
      z.minLength(1, key('booking_error_phone')),
      // Only once there is something: an empty field hears "required" alone. Then what is wrong, as precisely as
      // the number allows (too short, too long, no such country code).
      z.superRefine((value, ctx) => {
        if (value === '') return;
        const problem = isPrintable(value) ? phoneProblem(value) : 'booking_error_phone_invalid';
        if (problem) ctx.addIssue({ code: 'custom', message: key(problem), input: value });
      }),
    )
    // A plain form posts it as a national number beside its country (`phoneCountry`).
    .register(formHints, { kind: 'phone' }),
});

export const passengerSchema = z.object({
  fullName: text(key('booking_error_full_name')),
  /** Checked by the service against the category booked, on the day of travel. */
  dateOfBirth: isoDate(key('booking_error_birth_date'), key('booking_error_date_invalid')),
  passportNumber: z.string({ error: key('booking_error_passport_number') }).check(
    z.trim(),
    z.toUpperCase(),
    z.minLength(1, key('booking_error_passport_number')),
    // Only once there is something: an empty field hears "required" alone.
    z.refine(
      (value) => value === '' || /^[A-Z0-9]{5,20}$/.test(value),
      key('booking_error_passport_number_invalid'),
    ),
  ),
  passportIssued: isoDate(key('booking_error_passport_issued'), key('booking_error_date_invalid')),
  passportExpiry: isoDate(key('booking_error_passport_expiry'), key('booking_error_date_invalid')),
  passportCountry: z.string({ error: key('booking_error_passport_country') }).check(
    z.trim(),
    z.toUpperCase(),
    z.minLength(1, key('booking_error_passport_country')),
    z.refine((value) => value === '' || isCountry(value), key('booking_error_passport_country_invalid')),
  ),
});

export const bookingDetailsSchema = z.object({
  contact: contactSchema,
  passengers: z.array(passengerSchema).check(z.minLength(1), z.maxLength(MAX_PARTY)),
  /** An account holder's passengers (by position) to keep in their Passenger list too; guests send none. */
  saveToList: z.optional(
    z
      .array(
        z
          .int({ error: key('error_invalid_value') })
          .check(z.gte(0, key('error_invalid_value')), z.lt(MAX_PARTY, key('error_invalid_value'))),
        { error: key('error_invalid_value') },
      )
      .check(z.maxLength(MAX_PARTY, key('error_invalid_value'))),
  ),
});

export type BookingDetails = z.infer<typeof bookingDetailsSchema>;
export type PassengerDetails = z.infer<typeof passengerSchema>;
