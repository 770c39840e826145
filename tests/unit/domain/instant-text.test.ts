import { describe, expect, it } from 'vitest';
import { instantText } from '../../../src/domain/instant-text.ts';

describe('instantText', () => {
  it('writes what toISOString writes, milliseconds padded, for dates and for numbers', () => {
    const instants = [
      0,
      1,
      9,
      10,
      99,
      100,
      999,
      Date.UTC(2026, 10, 28, 5, 0, 0, 0),
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    ];
    // And a spread over this century, several in one second.
    for (let i = 0; i < 2_000; i++) instants.push((i * 2_051_222_400_017) % 4_102_444_800_000);
    for (let i = 0; i < 50; i++) instants.push(1_764_306_000_000 + i * 37);
    for (const ms of instants) {
      expect(instantText(ms)).toBe(new Date(ms).toISOString());
      expect(instantText(new Date(ms))).toBe(new Date(ms).toISOString());
    }
  });

  it('leaves what it does not write itself to toISOString: before 1970, past 9999, a fraction, not a time', () => {
    for (const ms of [-1, -86_400_001, Date.UTC(10_000, 0, 1), 8.64e15, 1.5, 999.9, 1_764_306_000_000.25])
      expect(instantText(ms)).toBe(new Date(ms).toISOString());
    expect(() => instantText(Number.NaN)).toThrow(RangeError);
    expect(() => instantText(new Date('not a date'))).toThrow(RangeError);
  });
});
