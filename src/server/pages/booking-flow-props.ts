import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { toLocal } from '../../domain/port-time.ts';
import { passengerCategories, type PassengerCategory } from '../../domain/passengers.ts';
import { intlTags, localizePath, type Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';
import type { FlowLabels, FlowProps } from '../../islands/booking-flow/types.ts';
import { formatPortTime } from '../documents/e-ticket-content.ts';
import type { Network } from '../network.ts';
import type { BookingView } from '../services/booking-view.ts';

const errorKeys = [
  'booking_error_full_name',
  'booking_error_too_long',
  'booking_error_email',
  'booking_error_email_invalid',
  'booking_error_phone',
  'booking_error_phone_invalid',
  'booking_error_passport_number',
  'booking_error_passport_number_invalid',
  'booking_error_passport_issued',
  'booking_error_passport_expiry',
  'booking_error_passport_country',
  'booking_error_passport_country_invalid',
  'passport_error_issued_future',
  'passport_error_expiry_before_issue',
  'passport_error_validity',
];

const countryCache = new Map<Locale, FlowProps['countries']>();
/** Every country with its name in `locale` and calling code: Indonesia, Singapore, Malaysia first. */
function countries(locale: Locale): FlowProps['countries'] {
  const cached = countryCache.get(locale);
  if (cached) return cached;
  const names = new Intl.DisplayNames([intlTags[locale]], { type: 'region' });
  const first = ['ID', 'SG', 'MY'];
  const list = getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code, dial: getCountryCallingCode(code) }))
    .sort((a, b) => {
      const rank = (code: string) => (first.includes(code) ? first.indexOf(code) : first.length);
      return rank(a.code) - rank(b.code) || a.name.localeCompare(b.name, intlTags[locale]);
    })
    .map((country) => `${country.code}\t${country.dial}\t${country.name}`)
    .join('\n');
  countryCache.set(locale, list);
  return list;
}

function labels(locale: Locale): FlowLabels {
  const t = (key: string, params?: Record<string, unknown>) => translate(key, locale, params);
  return {
    steps: {
      contact: t('flow_step_contact'),
      passengers: t('flow_step_passengers'),
      summary: t('flow_step_summary'),
    },
    stepOf: t('flow_steps'),
    contactTitle: t('flow_contact_title'),
    contactHint: t('flow_contact_hint'),
    fullName: t('flow_full_name'),
    fullNameHint: t('flow_full_name_hint'),
    email: t('flow_email'),
    phoneCountry: t('flow_phone_country'),
    phone: t('flow_phone'),
    phoneHint: t('flow_phone_hint'),
    passengerTitle: t('flow_passenger_title', { number: '{number}' }),
    passportNumber: t('flow_passport_number'),
    passportIssued: t('flow_passport_issued'),
    passportExpiry: t('flow_passport_expiry'),
    passportExpiryHint: t('flow_passport_expiry_hint'),
    passportCountry: t('flow_passport_country'),
    chooseCountry: t('flow_choose_country'),
    categories: Object.fromEntries(
      passengerCategories.map((category) => [category, t(`price_category_${category}`)]),
    ) as Record<PassengerCategory, string>,
    bothLegs: t('flow_both_legs'),
    summaryTitle: t('flow_summary_title'),
    summaryHint: t('flow_summary_hint'),
    travellers: t('flow_travellers'),
    edit: t('flow_edit'),
    next: t('flow_next'),
    back: t('flow_back'),
    saveAndContinue: t('flow_save_continue'),
    continueToPayment: t('flow_continue_payment'),
    saving: t('flow_saving'),
    saved: t('flow_saved'),
    fixErrors: t('flow_fix_errors'),
    generic: t('notification_generic_error'),
    errors: Object.fromEntries(errorKeys.map((key) => [key, t(key)])),
  };
}

/** The booking flow island's props for a held booking: saved progress, the party, dates for the passport rules. */
export function bookingFlowProps(
  booking: BookingView,
  network: Network,
  locale: Locale,
  now: Date,
  serverErrors?: Record<string, string[]>,
): FlowProps {
  const party = passengerCategories.flatMap((category) =>
    Array<PassengerCategory>(booking.party[category]).fill(category),
  );
  const firstZone = network.terminal(booking.legs[0]?.fromCode ?? '')?.timeZone ?? 'Asia/Jakarta';
  const today = toLocal(now, firstZone).date;
  const lastTravel = booking.legs.reduce((last, leg) => {
    const date = leg.departure?.date ?? today;
    return date > last ? date : last;
  }, today);
  const blank = {
    fullName: '',
    passportNumber: '',
    passportIssued: '',
    passportExpiry: '',
    passportCountry: '',
  };
  const phone = booking.contact?.phone ?? '';
  return {
    locale,
    bookingId: booking.id,
    action: localizePath(`/booking/${booking.id}/details`, locale),
    paymentUrl: localizePath(`/booking/${booking.id}/payment`, locale),
    party,
    twoWay: booking.trip === 'two_way',
    initialContact: {
      fullName: booking.contact?.fullName ?? '',
      email: booking.contact?.email ?? '',
      phoneCountry: 'ID',
      phone,
    },
    initialPassengers: party.map((_, index) => {
      const saved = booking.passengers[index];
      return saved
        ? {
            fullName: saved.fullName,
            passportNumber: saved.passportNumber,
            passportIssued: saved.passportIssued,
            passportExpiry: saved.passportExpiry,
            passportCountry: saved.passportCountry,
          }
        : blank;
    }),
    saved: booking.contact !== undefined && booking.passengers.length === party.length,
    countries: countries(locale),
    today,
    lastTravel,
    labels: labels(locale),
    legs: booking.legs.map((leg) => ({
      title: translate(leg.leg === 0 ? 'results_outbound' : 'results_return', locale),
      route: `${leg.from} – ${leg.to}`,
      when: leg.departure
        ? formatPortTime(leg.departure, locale)
        : translate('booking_open_leg', locale, { operator: leg.operator }),
    })),
    ...(serverErrors ? { serverErrors } : {}),
  };
}
