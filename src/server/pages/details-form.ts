import { MAX_PARTY } from '../../domain/passengers.ts';
import type { ContactValues, PassengerValues } from '../../islands/booking-flow/types.ts';
import { phoneFromForm } from './countries.ts';

/** The booking flow's fields as sent by its plain form: what the traveller typed, unchanged. */
export interface DetailsDraft {
  contact: ContactValues;
  passengers: PassengerValues[];
  /** The positions whose "Save to my Passenger list" was ticked (`saveToList.N`). */
  saveToList: number[];
}

/** The plain form's fields (`contact.fullName`, `passengers.0.passportNumber`, ...) as typed. */
export function draftFromForm(form: URLSearchParams): DetailsDraft {
  const field = (name: string) => form.get(name) ?? '';
  const passengers: PassengerValues[] = [];
  for (let index = 0; form.has(`passengers.${String(index)}.fullName`) && index < MAX_PARTY; index++) {
    const of = (name: keyof PassengerValues) => field(`passengers.${String(index)}.${name}`);
    passengers.push({
      fullName: of('fullName'),
      dateOfBirth: of('dateOfBirth'),
      passportNumber: of('passportNumber'),
      passportIssued: of('passportIssued'),
      passportExpiry: of('passportExpiry'),
      passportCountry: of('passportCountry'),
    });
  }
  return {
    contact: {
      fullName: field('contact.fullName'),
      email: field('contact.email'),
      phoneCountry: field('contact.phoneCountry') || 'ID',
      phone: field('contact.phone'),
    },
    passengers,
    saveToList: passengers
      .map((_, index) => index)
      .filter((index) => form.has(`saveToList.${String(index)}`)),
  };
}

/** The same fields as the details payload: the phone in E.164 when it is a valid number for its country. */
export function detailsFromForm(form: URLSearchParams) {
  const { contact, passengers, saveToList } = draftFromForm(form);
  return {
    contact: {
      fullName: contact.fullName,
      email: contact.email,
      phone: phoneFromForm(contact.phoneCountry, contact.phone),
    },
    passengers,
    ...(saveToList.length > 0 ? { saveToList } : {}),
  };
}
