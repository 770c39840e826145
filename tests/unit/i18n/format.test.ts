import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDuration,
  formatDurationRange,
  formatIndicative,
  formatRupiah,
  formatWeekdayRuns,
} from '../../../src/i18n/format.ts';

describe('formatting', () => {
  it.each([
    [485_000, 'en', 'IDR 485,000'],
    [485_000, 'id', 'Rp 485.000'],
    [0, 'id', 'Rp 0'],
    [1_250_500, 'en', 'IDR 1,250,500'],
  ] as const)('%i in %s is %s', (amount, locale, text) => {
    expect(formatRupiah(amount, locale)).toBe(text);
  });

  // Every form a duration takes, in both languages, byte for byte: plain spaces, no comma between the units, the
  // English `min` unchanged in the plural and `h` (not `hr`), Indonesian in full words (never `mnt`).
  it.each([
    [1, 'en', '1 min'],
    [45, 'en', '45 min'],
    [60, 'en', '1 h'],
    [61, 'en', '1 h 1 min'],
    [95, 'en', '1 h 35 min'],
    [120, 'en', '2 h'],
    [1, 'id', '1 menit'],
    [45, 'id', '45 menit'],
    [60, 'id', '1 jam'],
    [90, 'id', '1 jam 30 menit'],
    [95, 'id', '1 jam 35 menit'],
    [120, 'id', '2 jam'],
  ] as const)('%i minutes in %s is %s', (minutes, locale, text) => {
    expect(formatDuration(minutes, locale)).toBe(text);
  });

  it.each([
    ['2026-11-21', 'en', '21 November 2026'],
    ['2026-11-21', 'id', '21 November 2026'],
    ['2027-02-05', 'en', '5 February 2027'],
    ['2027-02-05', 'id', '5 Februari 2027'],
    ['2026-12-31', 'id', '31 Desember 2026'],
  ] as const)('the date %s in %s reads %s', (date, locale, text) => {
    expect(formatDate(date, locale)).toBe(text);
  });

  it.each([
    [[[5, 7]], 'en', 'Fri–Sun'],
    [[[5, 7]], 'id', 'Jum–Min'],
    [
      [
        [1, 1],
        [3, 4],
      ],
      'en',
      'Mon, Wed–Thu',
    ],
    [[[1, 4]], 'id', 'Sen–Kam'],
  ] as const)('weekday runs %j in %s read %s', (runs, locale, text) => {
    expect(formatWeekdayRuns(runs, locale)).toBe(text);
  });

  it.each([
    [45, 45, 'en', '45 min'],
    [55, 60, 'en', '55 min – 1 h'],
    [90, 120, 'id', '1 jam 30 menit – 2 jam'],
  ] as const)('a crossing of %i to %i minutes in %s is %s', (min, max, locale, text) => {
    expect(formatDurationRange(min, max, locale)).toBe(text);
  });

  // Intl places the number and keeps a no-break space after the sign; the sign is the one travellers know.
  it.each([
    [4_198, 'SGD', 'en', 'S$\u00a041.98'],
    [4_198, 'SGD', 'id', 'S$\u00a041,98'],
    [14_972, 'MYR', 'en', 'RM\u00a0149.72'],
    [14_972, 'MYR', 'id', 'RM\u00a0149,72'],
    [1_234_567, 'SGD', 'en', 'S$\u00a012,345.67'],
    [1_234_567, 'MYR', 'id', 'RM\u00a012.345,67'],
    [50, 'SGD', 'en', 'S$\u00a00.50'],
  ] as const)('%i cents of %s in %s is %s', (cents, currency, locale, text) => {
    expect(formatIndicative(cents, currency, locale)).toBe(text);
  });
});
