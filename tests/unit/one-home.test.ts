import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Facts written once. Each was written in many places (the agency's zone 24 times), so changing one meant finding
 * every copy; now each has one home, and this scan fails naming the file and line that writes it again elsewhere.
 */

const root = join(import.meta.dirname, '../..');
const srcDir = join(root, 'src');

/** Every source and data file under src, as `src/...` paths; the generated messages are not ours to edit. */
const files = readdirSync(srcDir, { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && /\.(ts|tsx|astro|mjs|json)$/.test(entry.name))
  .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
  .filter((path) => !path.startsWith('src/paraglide/'));
const texts = new Map(files.map((path) => [path, readFileSync(join(root, path), 'utf8')]));

interface Fact {
  fact: string;
  pattern: RegExp;
  /** The files (or folders, ending in `/`) that may write it. */
  homes: string[];
}

const facts: Fact[] = [
  {
    fact: "the agency's zone: AGENCY_TIME_ZONE, a terminal's: network.zoneOf(code)",
    pattern: /['"`]Asia\/Jakarta['"`]/,
    homes: ['src/domain/time-zones.ts', 'src/content/'],
  },
  {
    fact: "the agency's calendar date and clock: agencyToday(now), agencyDate(instant), agencyTime(instant)",
    pattern: /\bAGENCY_TIME_ZONE\b/,
    homes: ['src/domain/time-zones.ts', 'src/domain/agency.ts', 'src/server/network.ts'],
  },
  {
    fact: "a terminal's zone with the agency's for an unknown code: network.zoneOf(code)",
    pattern: /\.timeZone\s*\?\?/,
    homes: ['src/server/network.ts'],
  },
  {
    fact: 'the booking horizon: bookingWindow(today, horizonDays)',
    pattern: /horizonDays\s*-\s*1|length:\s*horizonDays/,
    homes: ['src/domain/booking-window.ts'],
  },
  {
    fact: 'a date-only ISO string in the long style: formatDate(isoDate, locale)',
    pattern: /formatLongDate\(\s*new Date\(/,
    homes: ['src/i18n/format.ts'],
  },
  {
    // 'ID' names Indonesia for other facts too; those files are listed with what they use it for.
    fact: "the phone picker's starting country: DEFAULT_PHONE_COUNTRY",
    pattern: /'ID'/,
    homes: [
      'src/domain/phone-country.ts',
      'src/server/calendar/indonesian-holidays.ts', // the public holidays' country
      'src/schemas/network.ts', // the terminals' countries
      'src/islands/search-form/SearchForm.tsx', // the terminals' countries, grouped in the search form
      'src/server/payments/qris-payload.ts', // the QRIS code's country field (EMVCo tag 58)
      'src/server/payments/xendit-checkouts.ts', // Xendit's country of the account
      'src/islands/search-form/types.ts',
    ],
  },
  {
    // The unit words come from Intl (src/i18n/format.ts), which knows each language's. (A bare 'h' is left out:
    // it is a letter elsewhere, the PDF's transliteration of ħ.)
    fact: 'a duration: formatDuration(minutes, locale)',
    pattern: /['"](jam|menit|mnt|min|mins|hr|hrs)['"]/,
    homes: [],
  },
];

/** `src/x.ts:12` for each line of a file outside the fact's homes that matches its pattern. */
function strays({ pattern, homes }: Fact): string[] {
  return [...texts].flatMap(([path, text]) =>
    homes.some((home) => path === home || (home.endsWith('/') && path.startsWith(home)))
      ? []
      : text.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${path}:${String(i + 1)}`] : [])),
  );
}

describe('one home per fact', () => {
  it('reads the source tree', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('src/domain/time-zones.ts');
  });

  it.each(facts)('$fact', (fact) => {
    expect(strays(fact)).toEqual([]);
  });
});
