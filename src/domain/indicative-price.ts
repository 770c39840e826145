import { agencyToday } from './agency.ts';

/*
 * A price a foreign payer understands (issue 38): beside the rupiah total, an indicative amount in Singapore or
 * Malaysian dollars at a rate the agency sets with its date. The charge stays in rupiah; this only helps a traveller
 * from Singapore or Johor read it. Rules:
 * - the currency: the booking's departure terminal's country (Singapore -> SGD, Malaysia -> MYR); a booking that
 *   leaves from Batam falls back to the browser's language, the first of Accept-Language (by preference) that names
 *   a region: `en-SG`, `zh-SG` -> SGD; `ms-MY`, `en-MY` -> MYR; any other region, or none named, shows nothing;
 * - the amount: the total divided by the agency's rate (rupiah per 1 SGD or MYR), rounded to the cent;
 * - never shown without a rate for that currency, or once the rates are older than INDICATIVE_RATE_MAX_AGE_DAYS
 *   from their date (the agency's calendar, Batam), or dated after the agency's today (a mistyped date): a stale
 *   or doubtful rate says nothing rather than something wrong.
 */

export const indicativeCurrencies = ['SGD', 'MYR'] as const;
export type IndicativeCurrency = (typeof indicativeCurrencies)[number];

/** Rupiah per 1 unit of each currency the agency quotes: `{ SGD: 12150, MYR: 3560 }`. */
export type IndicativeRates = Partial<Record<IndicativeCurrency, number>>;

/** The agency's rate table and the day it set it (`YYYY-MM-DD`, the agency's calendar). */
export interface IndicativeRateTable {
  rates: IndicativeRates;
  date: string;
}

/** Rates are shown on their date and for 14 days after it; on the 15th day they say nothing until renewed. */
export const INDICATIVE_RATE_MAX_AGE_DAYS = 14;

/** The currency travellers from a terminal's country read prices in; other countries have none. */
const currencyOfCountry: Readonly<Record<string, IndicativeCurrency>> = { SG: 'SGD', MY: 'MYR' };

/** At most this many languages of Accept-Language are read (browsers send a handful). */
const MAX_LANGUAGES = 20;

/**
 * The region of the browser's most preferred language that names one (`en-SG,en;q=0.9` -> `SG`), or undefined.
 * Languages with q=0 (refused), `*` and tags that are not BCP 47 are skipped; equal weights keep their order.
 */
export function preferredRegion(acceptLanguage: string | null | undefined): string | undefined {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .slice(0, MAX_LANGUAGES)
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: weight === undefined ? 1 : Number(weight.slice(2)) };
    })
    .filter((entry) => entry.q > 0 && entry.tag !== '' && entry.tag !== '*')
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const region = regionOf(tag);
    if (region) return region;
  }
  return undefined;
}

function regionOf(tag: string): string | undefined {
  try {
    return new Intl.Locale(tag).region;
  } catch {
    return undefined;
  }
}

/** Which currency to show: the departure terminal's country's, else the browser's region's, else none. */
export function indicativeCurrency(
  departureCountry: string | undefined,
  acceptLanguage: string | null | undefined,
): IndicativeCurrency | undefined {
  const byTerminal = departureCountry === undefined ? undefined : currencyOfCountry[departureCountry];
  if (byTerminal) return byTerminal;
  const region = preferredRegion(acceptLanguage);
  return region === undefined ? undefined : currencyOfCountry[region];
}

/** Whole days from `from` to `to`, both `YYYY-MM-DD`. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Whether rates set on `date` may still be shown on the agency's `today`: from their date to 14 days after it. */
export function ratesAreCurrent(date: string, today: string): boolean {
  const age = daysBetween(date, today);
  return age >= 0 && age <= INDICATIVE_RATE_MAX_AGE_DAYS;
}

/** `rupiah` in the currency whose rate is `rate` rupiah per unit, in cents (hundredths), rounded to the nearest. */
export function toIndicativeCents(rupiah: number, rate: number): number {
  return Math.round((rupiah * 100) / rate);
}

export interface IndicativePrice {
  currency: IndicativeCurrency;
  /** The amount in hundredths of the currency: 4198 is 41.98. */
  cents: number;
  /** The day the agency set the rate, to say beside the amount. */
  rateDate: string;
}

/** The indicative amount of a rupiah total to show at `now`, or undefined when none may be shown. */
export function indicativePrice(input: {
  total: number;
  departureCountry: string | undefined;
  acceptLanguage: string | null | undefined;
  table: IndicativeRateTable | undefined;
  now: Date;
}): IndicativePrice | undefined {
  const { total, table } = input;
  if (!table || total <= 0 || !ratesAreCurrent(table.date, agencyToday(input.now))) return undefined;
  const currency = indicativeCurrency(input.departureCountry, input.acceptLanguage);
  const rate = currency === undefined ? undefined : table.rates[currency];
  if (currency === undefined || rate === undefined || !(rate > 0)) return undefined;
  return { currency, cents: toIndicativeCents(total, rate), rateDate: table.date };
}
