import { describe, expect, it } from 'vitest';
import { contactSchema } from '../../../src/schemas/booking-details.ts';
import { isPrintable } from '../../../src/schemas/plain-text.ts';

describe('printable text', () => {
  it.each([
    ['Siti Rahma', true],
    ['José Ñúñez-O’Brien', true],
    ['محمد', true],
    ['李小龙 😀', true],
    ['Si\u0000ti', false],
    ['Siti\r\nRahma', false],
    ['\u202Eevil', false],
    ['a\u2066b', false],
    ['half \uD800 pair', false],
    ['\uDE00 alone', false],
    ['tab\tin', false],
  ])('%j printable: %s', (text, printable) => {
    expect(isPrintable(text)).toBe(printable);
  });

  it('refuses a contact name with a control character, with a message the person can act on', () => {
    const parsed = contactSchema.safeParse({
      fullName: 'Si\u0000ti',
      email: 'siti@example.co.id',
      phone: '+6281234567890',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(['error_unprintable']);
  });
});
