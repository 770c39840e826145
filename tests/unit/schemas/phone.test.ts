import { describe, expect, it } from 'vitest';
import { contactSchema } from '../../../src/schemas/booking-details.ts';
import { countryOfTyped, phonePossibility, phoneProblem, toE164 } from '../../../src/schemas/phone.ts';
import { phoneExample } from '../../../src/schemas/phone-example.ts';

describe('the phone rules', () => {
  it('makes E.164 of what was typed for the picked country, or of the country its "+" names', () => {
    expect(toE164('ID', '0812 3456 7890')).toBe('+6281234567890');
    expect(toE164('ID', '+65 8123 4567')).toBe('+6581234567');
    expect(toE164('SG', '')).toBe('');
    // A number that reads as one but is not valid keeps its country, so its problem can be named.
    expect(toE164('ID', '0812')).toBe('+620812');
    expect(toE164('ID', 'call me')).toBe('call me');
    expect(countryOfTyped('+60 12-345 6789')).toBe('MY');
    expect(countryOfTyped('0812')).toBeUndefined();
  });

  it('answers the five possibility results', () => {
    expect(phonePossibility('+6281234567890')).toBe('is-possible');
    expect(phonePossibility('+62812')).toBe('too-short');
    expect(phonePossibility(`+62${'8'.repeat(18)}`)).toBe('too-long');
    expect(phonePossibility('+999123456')).toBe('invalid-country-code');
    expect(phonePossibility('+6')).toBe('too-short');
  });

  it('names the problem of a number, none for a valid one, and keeps national numbers to 2-17 digits', () => {
    expect(phoneProblem('+6281234567890')).toBeUndefined();
    expect(phoneProblem('+6581234567')).toBeUndefined();
    expect(phoneProblem('+62812')).toBe('booking_error_phone_too_short');
    expect(phoneProblem(`+62${'8'.repeat(18)}`)).toBe('booking_error_phone_too_long');
    expect(phoneProblem('+999123456')).toBe('booking_error_phone_country');
    expect(phoneProblem('call me')).toBe('booking_error_phone_invalid');
    expect(phoneProblem('1')).toBe('booking_error_phone_invalid'); // typed without "+", unread: no country to blame
    expect(phoneProblem(`+62${'8'.repeat(260)}`)).toBe('booking_error_phone_invalid');
  });

  it('gives each country an example number in its own way of writing', () => {
    expect(phoneExample('ID')).toMatch(/^0812[-\d ]+$/);
    expect(phoneExample('SG')).toBe('8123 4567');
    expect(phoneExample('XX')).toBeUndefined();
    // A plain form's country field can hold anything: names on every object have no example and break nothing.
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(phoneExample(name)).toBeUndefined();
      expect(() => toE164(name, '0812 3456 7890')).not.toThrow();
    }
  });

  it('has the contact schema say the precise problem, "required" alone for an empty field', () => {
    const problems = (phone: string) => {
      const parsed = contactSchema.safeParse({ fullName: 'Ayu', email: 'ayu@example.com', phone });
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };
    expect(problems('+6281234567890')).toEqual([]);
    expect(problems('')).toEqual(['booking_error_phone']);
    expect(problems('+62812')).toEqual(['booking_error_phone_too_short']);
    expect(problems('+999123456')).toEqual(['booking_error_phone_country']);
  });
});
