import { describe, expect, it } from 'vitest';
import {
  INDICATIVE_RATE_MAX_AGE_DAYS,
  indicativeCurrency,
  indicativePrice,
  preferredRegion,
  ratesAreCurrent,
  toIndicativeCents,
  type IndicativeRateTable,
} from '../../../src/domain/indicative-price.ts';

const table: IndicativeRateTable = { rates: { SGD: 12_150, MYR: 3_560 }, date: '2026-11-27' };
// Friday 27 November 2026, 10:00 in Batam (WIB, UTC+7).
const rateDay = new Date('2026-11-27T03:00:00Z');

describe("the browser's region (Accept-Language)", () => {
  it.each([
    ['en-SG', 'SG'],
    ['en-SG,en;q=0.9', 'SG'],
    ['zh-SG', 'SG'],
    ['zh-Hans-SG', 'SG'],
    ['ms-MY', 'MY'],
    ['en-my', 'MY'],
    // The most preferred language naming a region decides; one without a region is passed over.
    ['en,en-SG;q=0.9', 'SG'],
    ['en-US,en;q=0.9,ms-MY;q=0.8', 'US'],
    ['ms-MY;q=0.5,en-SG;q=0.8', 'SG'],
    // Equal weights keep the browser's order.
    ['ms-MY,en-SG', 'MY'],
    // Refused (q=0), wildcards and tags that are not BCP 47 say nothing.
    ['en-SG;q=0,id', undefined],
    ['*', undefined],
    ['not a tag!!, en-MY;q=0.3', 'MY'],
    ['en-SG;q=abc', undefined],
    ['en, id', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ] as const)('%j -> %s', (header, region) => {
    expect(preferredRegion(header)).toBe(region);
  });
});

describe('which currency a booking shows', () => {
  it.each([
    // The departure terminal's country first: a Singapore or Johor terminal whatever the browser says.
    ['SG', null, 'SGD'],
    ['MY', null, 'MYR'],
    ['SG', 'ms-MY', 'SGD'],
    ['MY', 'en-SG', 'MYR'],
    // Leaving from Batam: the browser's region.
    ['ID', 'en-SG,en;q=0.9', 'SGD'],
    ['ID', 'zh-SG', 'SGD'],
    ['ID', 'ms-MY', 'MYR'],
    ['ID', 'en-GB', undefined],
    ['ID', 'id-ID', undefined],
    ['ID', null, undefined],
    [undefined, 'en-SG', 'SGD'],
    [undefined, undefined, undefined],
  ] as const)('departing from %s, Accept-Language %j -> %s', (country, header, currency) => {
    expect(indicativeCurrency(country, header)).toBe(currency);
  });
});

describe('how long a rate is shown', () => {
  it.each([
    ['2026-11-27', '2026-11-27', true],
    ['2026-11-27', '2026-12-11', true], // 14 days after its date
    ['2026-11-27', '2026-12-12', false], // the 15th day
    ['2026-11-27', '2026-11-26', false], // dated after today: a mistyped date shows nothing
    ['2026-12-31', '2027-01-14', true], // across a year
    ['2026-02-20', '2026-03-07', false], // across February: 15 days
  ] as const)('set on %s, today %s -> %s', (date, today, shown) => {
    expect(ratesAreCurrent(date, today)).toBe(shown);
  });

  it('is 14 days', () => {
    expect(INDICATIVE_RATE_MAX_AGE_DAYS).toBe(14);
  });
});

describe('the conversion, rupiah per 1 SGD or MYR, to the cent', () => {
  it.each([
    [510_000, 12_150, 4_198], // 41.975... -> 41.98
    [1_215_000, 12_150, 10_000],
    [100, 12_150, 1], // 0.0082 -> 0.01
    [60, 12_150, 0], // 0.0049 -> 0.00
    [533_000, 3_560, 14_972], // 149.7191 -> 149.72
    [1_780, 3_560, 50], // exactly 0.50
    [607_500, 12_150.5, 5_000], // a rate with cents: 49.9979 -> 50.00
  ])('IDR %i at %f -> %i cents', (rupiah, rate, cents) => {
    expect(toIndicativeCents(rupiah, rate)).toBe(cents);
  });
});

describe('the indicative price of a total', () => {
  const price = (over: Partial<Parameters<typeof indicativePrice>[0]>) =>
    indicativePrice({
      total: 510_000,
      departureCountry: 'SG',
      acceptLanguage: null,
      table,
      now: rateDay,
      ...over,
    });

  it('is the total at the agency rate, with the rates date', () => {
    expect(price({})).toEqual({ currency: 'SGD', cents: 4_198, rateDate: '2026-11-27' });
    expect(price({ departureCountry: 'MY', total: 533_000 })).toEqual({
      currency: 'MYR',
      cents: 14_972,
      rateDate: '2026-11-27',
    });
    expect(price({ departureCountry: 'ID', acceptLanguage: 'en-SG' })?.currency).toBe('SGD');
  });

  it.each([
    ['no rates configured', { table: undefined }],
    [
      'no rate for that currency',
      { table: { rates: { SGD: 12_150 }, date: '2026-11-27' }, departureCountry: 'MY' },
    ],
    ['a reader from elsewhere', { departureCountry: 'ID', acceptLanguage: 'en-GB' }],
    ['a total of nothing', { total: 0 }],
    // 11 December ends at 17:00 UTC in Batam: a minute later it is the 15th day there.
    ['rates 15 days old in Batam', { now: new Date('2026-12-11T17:00:00Z') }],
    ['rates dated after today in Batam', { now: new Date('2026-11-26T16:59:00Z') }],
  ] as const)('is not shown with %s', (_, over) => {
    expect(price(over)).toBeUndefined();
  });

  it("counts the rates' age on the agency's calendar", () => {
    // 00:30 on 27 November in Batam is still the 26th in UTC: the rates are of today.
    expect(price({ now: new Date('2026-11-26T17:30:00Z') })).toBeDefined();
    // 23:59 on 11 December in Batam: the 14th day, the last one shown.
    expect(price({ now: new Date('2026-12-11T16:59:00Z') })).toBeDefined();
  });
});
