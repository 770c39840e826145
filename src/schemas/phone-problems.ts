/**
 * Message keys of a phone number's problems (schemas/phone.ts `phoneProblem`). A module of its own, without the
 * phone metadata, so the forms' word lists can name them without loading the rules.
 */
export const phoneProblemKeys = [
  'booking_error_phone_invalid',
  'booking_error_phone_too_short',
  'booking_error_phone_too_long',
  'booking_error_phone_country',
] as const;
export type PhoneProblemKey = (typeof phoneProblemKeys)[number];
