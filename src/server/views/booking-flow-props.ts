import { phoneForForm } from './countries.ts';
import { DEFAULT_PHONE_COUNTRY } from '../../domain/phone-country.ts';
import { toLocal } from '../../domain/port-time.ts';
import { lastTravelDate, travelDates } from '../../domain/trip-dates.ts';
import { MAX_PARTY, passengerCategories, type PassengerCategory } from '../../domain/passengers.ts';
import { formatPortTime } from '../../i18n/format.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import * as m from '../../paraglide/messages.js';
import { detailsErrorKeys } from '../../schemas/booking-details.ts';
import type {
  ContactValues,
  FlowLabels,
  FlowProps,
  PassengerValues,
} from '../../islands/booking-flow/types.ts';
import type { Network } from '../network.ts';
import type { BookingView } from '../services/booking-view.ts';
import type { Profile } from '../services/profile.ts';
import type { SavedPassenger } from '../services/saved-passengers.ts';
import { countries } from './countries.ts';

function labels(locale: Locale): FlowLabels {
  const t = { locale };
  return {
    steps: {
      contact: m.flow_step_contact({}, t),
      passengers: m.flow_step_passengers({}, t),
      summary: m.flow_step_summary({}, t),
    },
    stepOf: m.flow_steps({}, t),
    contactTitle: m.flow_contact_title({}, t),
    contactHint: m.flow_contact_hint({}, t),
    fullName: m.flow_full_name({}, t),
    fullNameHint: m.flow_full_name_hint({}, t),
    email: m.flow_email({}, t),
    phoneCountry: m.flow_phone_country({}, t),
    phone: m.flow_phone({}, t),
    phoneHint: m.flow_phone_hint({}, t),
    // The phone input puts the picked country's example in place of `{example}`.
    phoneExample: m.phone_example({ example: '{example}' }, t),
    passengerTitle: m.flow_passenger_title({ number: '{number}' }, t),
    birthDate: m.flow_birth_date({}, t),
    passportNumber: m.flow_passport_number({}, t),
    passportIssued: m.flow_passport_issued({}, t),
    passportExpiry: m.flow_passport_expiry({}, t),
    passportExpiryHint: m.flow_passport_expiry_hint({}, t),
    passportCountry: m.flow_passport_country({}, t),
    chooseCountry: m.flow_choose_country({}, t),
    categories: {
      adult: m.price_category_adult({}, t),
      child: m.price_category_child({}, t),
      infant: m.price_category_infant({}, t),
    },
    bothLegs: m.flow_both_legs({}, t),
    pickSaved: m.flow_pick_saved({}, t),
    pickSavedNone: m.flow_pick_saved_none({}, t),
    summaryTitle: m.flow_summary_title({}, t),
    summaryHint: m.flow_summary_hint({}, t),
    travellers: m.flow_travellers({}, t),
    edit: m.flow_edit({}, t),
    next: m.flow_next({}, t),
    back: m.flow_back({}, t),
    saveAndContinue: m.flow_save_continue({}, t),
    continueToPayment: m.flow_continue_payment({}, t),
    saving: m.flow_saving({}, t),
    saved: m.flow_saved({}, t),
    saveToList: m.flow_save_to_list({}, t),
    fixErrors: m.flow_fix_errors({}, t),
    generic: m.notification_generic_error({}, t),
    errors: errorWords(locale),
  };
}

/** Every key the shared schemas can give, in words (typed: a key missing from the catalogue fails the build). */
function errorWords(locale: Locale): FlowLabels['errors'] {
  const words = {} as FlowLabels['errors'];
  for (const key of detailsErrorKeys) words[key] = m[key]({}, { locale });
  return words;
}

/** The booking flow island's props for a held booking: saved progress, the party, dates for the passport rules. */
export function bookingFlowProps(
  booking: BookingView,
  network: Network,
  locale: Locale,
  now: Date,
  /** A refused plain-form post: what was typed comes back with the reasons, by field path. */
  posted?: DetailsDraft & { errors: Record<string, string[]> },
  /** A logged-in account holder: the contact person from their profile, passengers to pick from their list. */
  holder?: { profile: Profile | undefined; passengers: SavedPassenger[]; csrf: string },
  /** The phone input's country before anything is typed (a guess from the visitor's address, if configured). */
  startingPhoneCountry = DEFAULT_PHONE_COUNTRY,
): FlowProps {
  const party = passengerCategories.flatMap((category) =>
    Array<PassengerCategory>(booking.party[category]).fill(category),
  );
  const firstZone = network.zoneOf(booking.legs[0]?.fromCode);
  const today = toLocal(now, firstZone).date;
  const dates = travelDates(
    booking.legs.map((leg) => leg.departure?.date),
    today,
  );
  const blank = {
    fullName: '',
    dateOfBirth: '',
    passportNumber: '',
    passportIssued: '',
    passportExpiry: '',
    passportCountry: '',
  };
  // A number saved already names its own country (+65: Singapore): the picker shows that one.
  const savedPhone = [booking.contact?.phone, holder?.profile?.phone].find(Boolean) ?? '';
  return {
    locale,
    bookingId: booking.id,
    action: localizePath(`/booking/${booking.id}`, locale),
    paymentUrl: localizePath(`/booking/${booking.id}/payment`, locale),
    party,
    twoWay: booking.trip === 'two_way',
    initialContact: posted?.contact ?? {
      fullName: booking.contact?.fullName ?? holder?.profile?.fullName ?? '',
      email: booking.contact?.email ?? holder?.profile?.email ?? '',
      phoneCountry: savedPhone ? phoneForForm(savedPhone).country : startingPhoneCountry,
      phone: savedPhone,
    },
    initialPassengers: party.map((_, index) => {
      const saved = posted ? posted.passengers[index] : booking.passengers[index];
      return saved
        ? {
            fullName: saved.fullName,
            dateOfBirth: saved.dateOfBirth ?? '',
            passportNumber: saved.passportNumber ?? '',
            passportIssued: saved.passportIssued ?? '',
            passportExpiry: saved.passportExpiry ?? '',
            passportCountry: saved.passportCountry,
          }
        : blank;
    }),
    saved: booking.contact !== undefined && booking.passengers.length === party.length,
    countries: countries(locale),
    today,
    travelDates: dates,
    lastTravel: lastTravelDate(dates, today),
    labels: labels(locale),
    legs: booking.legs.map((leg) => ({
      title: leg.leg === 0 ? m.results_outbound({}, { locale }) : m.results_return({}, { locale }),
      route: `${leg.from} – ${leg.to}`,
      when: leg.departure
        ? formatPortTime(leg.departure, locale)
        : m.booking_open_leg({ operator: leg.operator }, { locale }),
    })),
    ...(posted ? { serverErrors: posted.errors } : {}),
    ...(holder && holder.passengers.length > 0 ? { savedPassengers: holder.passengers } : {}),
    ...(holder ? { csrf: holder.csrf } : {}),
  };
}

/** The booking flow's fields as sent by its plain form, to show again after a refusal: what was typed, unchanged. */
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
      phoneCountry: field('contact.phoneCountry') || DEFAULT_PHONE_COUNTRY,
      phone: field('contact.phone'),
    },
    passengers,
    saveToList: passengers
      .map((_, index) => index)
      .filter((index) => form.has(`saveToList.${String(index)}`)),
  };
}
