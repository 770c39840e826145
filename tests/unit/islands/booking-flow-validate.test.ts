import { describe, expect, it } from 'vitest';
import {
  contactErrors,
  countryOfTyped,
  passengerErrors,
  toE164,
} from '../../../src/islands/booking-flow/validate.ts';

const contact = {
  fullName: 'Dewi Lestari',
  email: 'dewi@example.co.id',
  phoneCountry: 'ID',
  phone: '0812 3456 7890',
};
const passenger = {
  fullName: 'Dewi Lestari',
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
    expect(toE164({ ...contact, phone: '12' })).toBe('12'); // not valid: left as typed for the error to show
    expect(countryOfTyped('+60 12-345 6789')).toBe('MY');
    expect(countryOfTyped('0812 3456 7890')).toBeUndefined();
  });

  it('asks for each missing contact field once, by its full path', () => {
    expect(contactErrors(contact)).toEqual({});
    expect(contactErrors({ ...contact, fullName: ' ', email: '', phone: '' })).toEqual({
      'contact.fullName': ['booking_error_full_name'],
      'contact.email': ['booking_error_email'],
      'contact.phone': ['booking_error_phone'],
    });
    expect(contactErrors({ ...contact, phone: '0812' })).toEqual({
      'contact.phone': ['booking_error_phone_invalid'],
    });
  });

  it('applies the passport rules with the booking last travel date', () => {
    expect(passengerErrors([passenger], '2026-11-21', '2026-12-01')).toEqual({});
    const errors = passengerErrors(
      [
        { ...passenger, passportExpiry: '2027-05-31' }, // less than 6 months after 1 December 2026
        { ...passenger, passportIssued: '2026-11-22' }, // issued tomorrow
        { ...passenger, passportNumber: '' },
      ],
      '2026-11-21',
      '2026-12-01',
    );
    expect(errors).toEqual({
      'passengers.0.passportExpiry': ['passport_error_validity'],
      'passengers.1.passportIssued': ['passport_error_issued_future'],
      'passengers.2.passportNumber': ['booking_error_passport_number'],
    });
  });
});
