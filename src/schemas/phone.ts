import {
  isValidPhoneNumber,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
} from 'libphonenumber-js/min';
import type { PhoneProblemKey } from './phone-problems.ts';

/**
 * The phone rules (docs/product-rules.md, Interface), one home for the phone input, the booking flow, the
 * account forms, their plain-form posts and the API. A number is kept as E.164 (+6281234567890); an empty
 * field is the schema's "required" (or allowed, where a phone is optional).
 */

/** The most characters a phone field takes, and the national number's digits (2 to 17). */
export const PHONE_MAX_LENGTH = 250;
export const NATIONAL_DIGITS = { min: 2, max: 17 } as const;

/**
 * A phone as typed (a country picked, a number typed) as the schemas take it: E.164 when it reads as a number (of
 * that country, or of the one its `+` code names), valid or not, so the schema can say what is wrong with it; else
 * as typed.
 */
export function toE164(country: string, typed: string): string {
  const trimmed = typed.trim();
  if (trimmed === '') return '';
  const parsed = parsePhoneNumberFromString(trimmed, country as CountryCode);
  return parsed?.number ?? trimmed;
}

/** The country a "+..." number belongs to, so the country picker follows what was typed. */
export function countryOfTyped(phone: string): string | undefined {
  return phone.trim().startsWith('+') ? parsePhoneNumberFromString(phone.trim())?.country : undefined;
}

/** The possibility results of a number in international form (E.164, or `+` and its digits written out). */
export type PhonePossibility = 'is-possible' | 'invalid-country-code' | 'too-long' | 'too-short' | 'unknown';

export function phonePossibility(phone: string): PhonePossibility {
  const national = parsePhoneNumberFromString(phone)?.nationalNumber;
  if (national !== undefined && national.length < NATIONAL_DIGITS.min) return 'too-short';
  if (national !== undefined && national.length > NATIONAL_DIGITS.max) return 'too-long';
  switch (validatePhoneNumberLength(phone)) {
    case undefined:
      return 'is-possible';
    case 'INVALID_COUNTRY':
      return 'invalid-country-code';
    case 'TOO_LONG':
      return 'too-long';
    case 'TOO_SHORT':
      return 'too-short';
    default:
      return 'unknown';
  }
}

/**
 * What is wrong with a non-empty phone (E.164 from `toE164`), as a message key, or undefined when it is a valid
 * number: too short or too long for its country, a country code that does not exist, else not a valid number.
 */
export function phoneProblem(phone: string): PhoneProblemKey | undefined {
  // Not even read as a number of some country (`toE164` kept it as typed): nothing more precise to say.
  if (phone.length > PHONE_MAX_LENGTH || !phone.trim().startsWith('+')) return 'booking_error_phone_invalid';
  if (isValidPhoneNumber(phone)) return undefined;
  const possibility = phonePossibility(phone);
  if (possibility === 'too-short') return 'booking_error_phone_too_short';
  if (possibility === 'too-long') return 'booking_error_phone_too_long';
  if (possibility === 'invalid-country-code') return 'booking_error_phone_country';
  return 'booking_error_phone_invalid';
}
