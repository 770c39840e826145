// Loaded on demand (the first time a step is checked): the shared schema and the phone number metadata are the
// island's largest parts and nothing needs them before the traveller presses "Next".
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { passportProblems } from '../../domain/passport.ts';
import { contactSchema, passengerSchema } from '../../schemas/booking-details.ts';
import type { ContactValues, DetailsErrors, PassengerValues } from './types.ts';

/** The phone as E.164 (+6281234567890) when it is a valid number for its country, else what was typed. */
export function toE164(contact: ContactValues): string {
  const typed = contact.phone.trim();
  if (typed === '') return '';
  const parsed = parsePhoneNumberFromString(typed, contact.phoneCountry as CountryCode);
  return parsed?.isValid() ? parsed.number : typed;
}

/** The country a "+..." number belongs to, so the country picker follows what was typed. */
export function countryOfTyped(phone: string): string | undefined {
  if (!phone.trim().startsWith('+')) return undefined;
  return parsePhoneNumberFromString(phone.trim())?.country;
}

function collect(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix: string,
  errors: DetailsErrors,
) {
  for (const issue of issues)
    (errors[[prefix, ...issue.path.map(String)].join('.')] ??= []).push(issue.message);
}

/** Message keys by full path (`contact.email`, `passengers.1.passportExpiry`), as the API answers them. */
export function contactErrors(contact: ContactValues): DetailsErrors {
  const errors: DetailsErrors = {};
  const parsed = contactSchema.safeParse({ ...contact, phone: toE164(contact) });
  if (!parsed.success) collect(parsed.error.issues, 'contact', errors);
  return errors;
}

/** The passport rules of the domain, with the booking's last travel date: the server checks the same again. */
export function passengerErrors(
  passengers: PassengerValues[],
  today: string,
  lastTravel: string,
): DetailsErrors {
  const errors: DetailsErrors = {};
  passengers.forEach((passenger, index) => {
    const prefix = `passengers.${String(index)}`;
    const parsed = passengerSchema.safeParse(passenger);
    if (!parsed.success) {
      collect(parsed.error.issues, prefix, errors);
      return;
    }
    const dates = { issued: parsed.data.passportIssued, expiry: parsed.data.passportExpiry };
    for (const problem of passportProblems(dates, today, lastTravel))
      (errors[`${prefix}.${problem.field}`] ??= []).push(problem.key);
  });
  return errors;
}
