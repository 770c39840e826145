import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import type { DetailsErrorKey } from '../../schemas/booking-details.ts';
import type { CountryOption } from './countries.ts';
import type { PassengerCategory } from '../../domain/passengers.ts';

export interface ContactValues {
  fullName: string;
  email: string;
  /** ISO country of the phone number (the calling code comes from it). */
  phoneCountry: string;
  /** As typed: national digits, or an international number starting with "+". */
  phone: string;
}

export interface PassengerValues {
  fullName: string;
  dateOfBirth: string;
  passportNumber: string;
  passportIssued: string;
  passportExpiry: string;
  passportCountry: string;
}

export type DetailsErrors = Record<string, string[]>;

/** Everything the island says, already in the page's language (the island carries no message catalogue). */
export interface FlowLabels {
  steps: { contact: string; passengers: string; summary: string };
  stepOf: string;
  contactTitle: string;
  contactHint: string;
  fullName: string;
  fullNameHint: string;
  email: string;
  phoneCountry: string;
  phone: string;
  phoneHint: string;
  /** `For example: {example}`, filled in by the phone input. */
  phoneExample: string;
  passengerTitle: string;
  birthDate: string;
  passportNumber: string;
  passportIssued: string;
  passportExpiry: string;
  passportExpiryHint: string;
  passportCountry: string;
  chooseCountry: string;
  categories: Record<PassengerCategory, string>;
  bothLegs: string;
  /** The picker of a logged-in holder's saved passengers, above each passenger's fields. */
  pickSaved: string;
  pickSavedNone: string;
  summaryTitle: string;
  summaryHint: string;
  travellers: string;
  edit: string;
  next: string;
  back: string;
  saveAndContinue: string;
  continueToPayment: string;
  saving: string;
  saved: string;
  saveToList: string;
  fixErrors: string;
  generic: string;
  /** Every message key of the shared schemas -> its text. */
  errors: Record<DetailsErrorKey, string>;
}

export interface FlowProps {
  locale: 'en' | 'id';
  bookingId: string;
  /** The plain form's target, the booking page itself (works before hydration): saved, on to the payment page. */
  action: string;
  paymentUrl: string;
  /** The category of each passenger, in party order. */
  party: PassengerCategory[];
  twoWay: boolean;
  initialContact: ContactValues;
  initialPassengers: PassengerValues[];
  /** Contact and passengers are saved already: open at the summary. */
  saved: boolean;
  /**
   * Countries for passports and phone numbers, one per line as `code<TAB>calling code<TAB>name` (name in the
   * page's language). One string: Astro wraps every value of an island's props, which tripled 245 objects.
   */
  countries: string;
  /** Today at the first departure terminal (YYYY-MM-DD): the latest passport issuing date. */
  today: string;
  /** The booking's travel dates (local), one per leg: each passenger's category must hold on every one. */
  travelDates: string[];
  /** The booking's last travel date (local): passports must stay valid 6 months after it. */
  lastTravel: string;
  labels: FlowLabels;
  /** The trip's legs as the summary lists them: "Outbound", route, local departure time. */
  legs: { title: string; route: string; when: string }[];
  /** Errors from a plain-form submission the server refused, keyed by full path. */
  serverErrors?: DetailsErrors;
  /** A logged-in holder's Passenger list: each passenger card offers to fill itself from one. */
  savedPassengers?: (PassengerValues & { id: string })[];
  /** A logged-in holder's anti-forgery token: saving then attaches the booking to their account. */
  csrf?: string;
}

/** The flow's one form, as react-hook-form holds it: field paths are the plain form's names. */
export interface DetailsForm {
  contact: ContactValues;
  passengers: PassengerValues[];
  /** A holder's "Save to my Passenger list", per passenger. */
  saveToList?: boolean[];
}

/** What each step of the flow gets to draw its fields: the form, where it started, its errors and words. */
export interface StepFields {
  form: UseFormReturn<DetailsForm>;
  /** The values the form started from (the server-rendered fields show them before hydration). */
  defaults: DetailsForm;
  errors: FieldErrors<DetailsForm>;
  /** A message key or a server's text, as the reader sees it. */
  text: (message: string) => string;
  labels: FlowLabels;
  countries: CountryOption[];
  /** The first field a refused plain-form post named: the page opens on it. */
  firstRefused: string | undefined;
}
