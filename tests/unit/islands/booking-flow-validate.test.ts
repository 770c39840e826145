import { describe, expect, it } from 'vitest';
import type { PassengerCategory } from '../../../src/domain/passengers.ts';
import {
  countryOfTyped,
  detailsPayload,
  detailsResolver,
  toE164,
} from '../../../src/islands/booking-flow/validate.ts';
import * as m from '../../../src/paraglide/messages.js';
import { detailsErrorKeys } from '../../../src/schemas/booking-details.ts';

const contact = {
  fullName: 'Dewi Lestari',
  email: 'dewi@example.co.id',
  phoneCountry: 'ID',
  phone: '0812 3456 7890',
};
const passenger = {
  fullName: 'Dewi Lestari',
  dateOfBirth: '1990-04-17',
  passportNumber: 'c1234567',
  passportIssued: '2022-01-10',
  passportExpiry: '2031-12-09',
  passportCountry: 'id',
};

describe('the booking flow island checks', () => {
  it('turns a national number into E.164 for its country, and follows a typed "+" to its country', () => {
    expect(toE164(contact)).toBe('+6281234567890');
    expect(toE164({ ...contact, phoneCountry: 'SG', phone: '8123 4567' })).toBe('+6581234567');
    expect(toE164({ ...contact, phone: '+65 8123 4567' })).toBe('+6581234567');
    expect(toE164({ ...contact, phone: '12' })).toBe('+6212'); // not valid: kept with its country, for the error to name
    expect(countryOfTyped('+60 12-345 6789')).toBe('MY');
    expect(countryOfTyped('0812 3456 7890')).toBeUndefined();
  });

  /** The resolver's errors as `path -> message key`, the way react-hook-form shows them at each field. */
  const check = async (
    values: { contact: typeof contact; passengers: (typeof passenger)[] },
    party: PassengerCategory[] = values.passengers.map(() => 'adult'),
  ) => {
    const resolve = detailsResolver({
      today: '2026-11-21',
      travelDates: ['2026-11-28'],
      lastTravel: '2026-12-01',
      party,
    });
    const result = await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    const found: Record<string, string> = {};
    const walk = (node: unknown, path: string) => {
      if (node && typeof node === 'object' && 'message' in node && typeof node.message === 'string')
        found[path] = node.message;
      else if (node && typeof node === 'object')
        for (const [key, child] of Object.entries(node)) walk(child, path ? `${path}.${key}` : key);
    };
    walk(result.errors, '');
    return found;
  };

  it('asks for each missing contact field once, by its full path, checking the phone as E.164', async () => {
    expect(await check({ contact, passengers: [passenger] })).toEqual({});
    expect(
      await check({ contact: { ...contact, fullName: ' ', email: '', phone: '' }, passengers: [passenger] }),
    ).toEqual({
      'contact.fullName': 'booking_error_full_name',
      'contact.email': 'booking_error_email',
      'contact.phone': 'booking_error_phone',
    });
    expect(await check({ contact: { ...contact, phone: '0812' }, passengers: [passenger] })).toEqual({
      'contact.phone': 'booking_error_phone_too_short',
    });
    expect(await check({ contact: { ...contact, fullName: 'Dewi\u0007' }, passengers: [passenger] })).toEqual(
      {
        'contact.fullName': 'error_unprintable',
      },
    );
  });

  it('applies the passport rules with the booking last travel date', async () => {
    const errors = await check({
      contact,
      passengers: [
        { ...passenger, passportExpiry: '2027-05-31' }, // less than 6 months after 1 December 2026
        { ...passenger, passportIssued: '2026-11-22' }, // issued tomorrow
        { ...passenger, passportNumber: '' },
      ],
    });
    expect(errors).toEqual({
      'passengers.0.passportExpiry': 'passport_error_validity',
      'passengers.1.passportIssued': 'passport_error_issued_future',
      'passengers.2.passportNumber': 'booking_error_passport_number',
    });
  });

  it('checks each date of birth against the category booked, on the first day of travel, beside other errors', async () => {
    const errors = await check(
      {
        contact,
        passengers: [
          { ...passenger, dateOfBirth: '2014-11-29', passportNumber: '' }, // 12 the day after travel: a child
          { ...passenger, dateOfBirth: '' },
          { ...passenger, dateOfBirth: '2014-11-28' }, // 12 on the day of travel: not a child any more
          { ...passenger, dateOfBirth: '2026-11-22' }, // tomorrow
        ],
      },
      ['child', 'adult', 'child', 'infant'],
    );
    expect(errors).toEqual({
      'passengers.0.passportNumber': 'booking_error_passport_number',
      'passengers.1.dateOfBirth': 'booking_error_birth_date',
      'passengers.2.dateOfBirth': 'passenger_error_birth_implies_adult',
      'passengers.3.dateOfBirth': 'passenger_error_birth_future',
    });
  });

  it('has words for every key the schemas can give, in both languages', () => {
    for (const key of detailsErrorKeys)
      for (const locale of ['en', 'id'] as const) expect(m[key]({}, { locale })).not.toBe(key);
  });
});

describe("the booking flow's payload", () => {
  it('is what the server reads from the plain form: the phone in E.164, the ticked positions', () => {
    const payload = detailsPayload({
      contact: { ...contact, phoneCountry: 'SG', phone: '8123 4567' },
      passengers: [passenger, { ...passenger, fullName: 'Tan Ah Kow' }],
      saveToList: [false, true],
    });
    expect(payload.contact).toEqual({
      fullName: contact.fullName,
      email: contact.email,
      phone: '+6581234567',
    });
    expect(payload.passengers.map((p) => p.fullName)).toEqual([passenger.fullName, 'Tan Ah Kow']);
    expect(payload.saveToList).toEqual([1]);
    expect(detailsPayload({ contact, passengers: [passenger] })).not.toHaveProperty('saveToList');
  });
});
