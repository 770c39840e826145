import { describe, expect, it } from 'vitest';
import type { IndicativeRateTable } from '../../../src/domain/indicative-price.ts';
import type { Locale } from '../../../src/i18n/locales.ts';
import { Network } from '../../../src/server/network.ts';
import { indicativeLine } from '../../../src/server/views/indicative-price.ts';
import * as m from '../../../src/paraglide/messages.js';
import { batamHarbourFrontLegs } from '../../factories/booking-view.ts';

// Friday 27 November 2026, 10:00 in Batam: the day the agency set its rates.
const now = new Date('2026-11-27T03:00:00Z');
const rates: IndicativeRateTable = { rates: { SGD: 12_150, MYR: 3_560 }, date: '2026-11-27' };
const legs = batamHarbourFrontLegs(
  { date: '2026-11-28', departs: '09:00', arrives: '10:50', operator: 'Majestic Fast Ferry' },
  { date: '2026-11-30', departs: '18:30', arrives: '18:20', operator: 'Majestic Fast Ferry' },
);
const booking = { legs, price: { legs: [], transactionFee: 4_500, total: 1_004_500 } };
const fromSingapore = { ...booking, legs: [...legs].reverse().map((leg, i) => ({ ...leg, leg: i })) };
const deps = (table: IndicativeRateTable | undefined, at = now) => ({
  network: new Network(),
  clock: () => at,
  indicativeRates: table,
});
const page = (language?: string) =>
  new Request(
    'https://segaraferry.example/booking/x',
    language ? { headers: { 'Accept-Language': language } } : {},
  );

/** The line as the price box prints it (BookingPrice.astro), in the page's language. */
function said(line: ReturnType<typeof indicativeLine>, locale: Locale, paid = false) {
  if (!line) return undefined;
  return paid
    ? m.booking_price_indicative_paid(line, { locale })
    : m.booking_price_indicative(line, { locale });
}

describe('the indicative price under the rupiah total', () => {
  it('shows a reader from Singapore the total in SGD at the agency rate, in English and Indonesian', () => {
    expect(said(indicativeLine(booking, deps(rates), page('en-SG,en;q=0.8'), 'en'), 'en')).toBe(
      'Indicative only: about S$\u00a082.67 at our exchange rate of 27 November 2026. You are charged in rupiah.',
    );
    expect(said(indicativeLine(booking, deps(rates), page('zh-SG'), 'id'), 'id', true)).toMatch(
      /^Hanya perkiraan: sekitar S\$\u00a082,67 .*27 November 2026\. .*rupiah\.$/,
    );
  });

  it('shows MYR to a reader from Malaysia, and the departure terminal decides before the browser', () => {
    expect(indicativeLine(booking, deps(rates), page('ms-MY'), 'en')?.amount).toBe('RM\u00a0282.16');
    expect(indicativeLine(fromSingapore, deps(rates), page('ms-MY'), 'en')?.amount).toMatch(/^S\$/);
  });

  it('says nothing without rates, with rates older than 14 days, or to a reader from elsewhere', () => {
    expect(indicativeLine(booking, deps(undefined), page('en-SG'), 'en')).toBeUndefined();
    expect(
      indicativeLine(booking, deps(rates, new Date('2026-12-12T03:00:00Z')), page('en-SG'), 'en'),
    ).toBeUndefined();
    expect(indicativeLine(booking, deps(rates), page('en-GB'), 'en')).toBeUndefined();
    expect(indicativeLine(booking, deps(rates), page(), 'en')).toBeUndefined();
  });
});
