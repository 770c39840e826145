import { describe, expect, it } from 'vitest';
import {
  BOOKING_CODE_ALPHABET,
  bookingCodeFrom,
  normalizeBookingCode,
} from '../../../src/domain/booking-code.ts';

describe('booking codes', () => {
  it('uses 32 symbols without 0, O, 1 and I, one per random byte', () => {
    expect(BOOKING_CODE_ALPHABET).toHaveLength(32);
    expect(BOOKING_CODE_ALPHABET).not.toMatch(/[0O1I]/);
    expect(bookingCodeFrom(new Uint8Array([0, 1, 31, 32, 255, 100]))).toBe('AB9A9E');
    expect(() => bookingCodeFrom(new Uint8Array(5))).toThrow(RangeError);
  });

  it('spreads every symbol evenly over the byte values', () => {
    const seen = new Map<string, number>();
    for (let byte = 0; byte < 256; byte++) {
      const symbol = bookingCodeFrom(new Uint8Array(6).fill(byte)).charAt(0);
      seen.set(symbol, (seen.get(symbol) ?? 0) + 1);
    }
    expect([...seen.values()].every((count) => count === 8)).toBe(true);
  });

  it.each([
    [' qqyga4 ', 'QQYGA4'],
    ['QQY-GA4', 'QQYGA4'],
    ['QQYGA', undefined],
    ['QQYGA0', undefined],
    ['QQYGAI', undefined],
  ])('reads %j as %j', (typed, code) => {
    expect(normalizeBookingCode(typed)).toBe(code);
  });
});
