// Loaded on demand (the first time a step is checked): the shared schema and the phone number metadata are the
// island's largest parts and nothing needs them before the traveller presses "Next".
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { toE164 as phoneToE164 } from '../../schemas/phone.ts';
import * as z from 'zod/mini';
import { birthDateProblem, type PassengerCategory } from '../../domain/passengers.ts';
import { passportProblems } from '../../domain/passport.ts';
import {
  bookingDetailsSchema,
  contactSchema,
  passengerSchema,
  type BookingDetails,
} from '../../schemas/booking-details.ts';
import { formToInput } from '../../schemas/form-to-input.ts';
import type { ContactValues, DetailsForm } from './types.ts';

/** The phone as E.164 (+6281234567890) when it is a valid number for its country, else what was typed. */
export function toE164(contact: ContactValues): string {
  return phoneToE164(contact.phoneCountry, contact.phone);
}

export { countryOfTyped } from '../../schemas/phone.ts';

/**
 * The form's values as `PUT /api/bookings/{id}/details` takes them: read through the details schema exactly as the
 * server reads the plain form's post (`formToInput`: the phone typed beside its country, the ticked positions).
 */
export function detailsPayload(values: DetailsForm): BookingDetails {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(values.contact) as [string, string][])
    form.append(`contact.${name}`, value);
  values.passengers.forEach((passenger, row) => {
    for (const [name, value] of Object.entries(passenger) as [string, string][])
      form.append(`passengers.${String(row)}.${name}`, value);
  });
  values.saveToList?.forEach((ticked, row) => {
    if (ticked) form.append(`saveToList.${String(row)}`, 'on');
  });
  return formToInput(bookingDetailsSchema, form) as BookingDetails;
}

/**
 * The booking's dates and party as the rules need them: today, every travel date and the last one at the departure
 * terminals, and the category each passenger was booked as.
 */
export interface TripDates {
  today: string;
  travelDates: string[];
  lastTravel: string;
  party: PassengerCategory[];
}

/**
 * The booking flow's form as the shared schemas see it: the API's contact rules on the phone as E.164, and the
 * domain's passport and date-of-birth rules with the booking's dates (the server checks the same again). Messages
 * are keys.
 */
function detailsFormSchema({ today, travelDates, lastTravel, party }: TripDates) {
  const contact = z.pipe(
    z.transform((typed: ContactValues) => ({
      fullName: typed.fullName,
      email: typed.email,
      phone: toE164(typed),
    })),
    contactSchema,
  );
  const passenger = passengerSchema.check(
    z.superRefine((typed, ctx) => {
      const dates = { issued: typed.passportIssued, expiry: typed.passportExpiry };
      for (const problem of passportProblems(dates, today, lastTravel))
        ctx.issues.push({ code: 'custom', message: problem.key, path: [problem.field], input: typed });
    }),
  );
  const passengers = z.array(passenger).check(
    z.superRefine(
      (typed, ctx) => {
        typed.forEach((one, index) => {
          // An empty or malformed date already has the schema's own message.
          // Typed values as they are (a draft from before the field existed has none).
          const birth: unknown = one.dateOfBirth;
          if (typeof birth !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(birth)) return;
          const problem = birthDateProblem(birth, party[index] ?? 'adult', travelDates, today);
          if (problem)
            ctx.issues.push({ code: 'custom', message: problem, path: [index, 'dateOfBirth'], input: typed });
        });
      },
      { when: (payload) => Array.isArray(payload.value) },
    ), // also beside other fields' errors
  );
  return z.object({ contact, passengers });
}

/** react-hook-form's resolver for the booking flow: errors by field, values as typed (the island sends them). */
export function detailsResolver(dates: TripDates): Resolver<DetailsForm> {
  return zodResolver(detailsFormSchema(dates), undefined, { raw: true });
}
