import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * A phone as typed (a country picked, a number typed) as the schemas take it: E.164 (+6281234567890) when it is a
 * valid number for that country (or for the one its `+` code names), else as typed, so the schema says what is
 * wrong with it. One home for the booking flow, the account forms and their plain-form posts.
 */
export function toE164(country: string, typed: string): string {
  const trimmed = typed.trim();
  if (trimmed === '') return '';
  const parsed = parsePhoneNumberFromString(trimmed, country as CountryCode);
  return parsed?.isValid() ? parsed.number : trimmed;
}

/** The country a "+..." number belongs to, so the country picker follows what was typed. */
export function countryOfTyped(phone: string): string | undefined {
  return phone.trim().startsWith('+') ? parsePhoneNumberFromString(phone.trim())?.country : undefined;
}
