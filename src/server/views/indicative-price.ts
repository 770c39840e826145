import { indicativePrice } from '../../domain/indicative-price.ts';
import { formatDate, formatIndicative } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { AppDeps } from '../deps.ts';
import type { BookingView } from '../services/booking-view.ts';

/** The indicative line under a booking's rupiah total, in the page's words: the amount and the rates' date. */
export interface IndicativeLine {
  /** `S$ 41.98`, `RM 149,80`. */
  amount: string;
  /** The day the agency set its rates: `27 November 2026`. */
  date: string;
}

/**
 * What the price box says beside a booking's total for a reader from Singapore or Malaysia (domain/indicative-price.ts
 * decides): the currency of the outbound leg's departure terminal's country, else of the browser's region
 * (`Accept-Language` of the page's request), at the agency's rates (`deps.indicativeRates`) on the process's clock.
 * Undefined when nothing is to be shown: no rates configured, rates too old, or a reader from elsewhere.
 */
export function indicativeLine(
  booking: Pick<BookingView, 'legs' | 'price'>,
  deps: Pick<AppDeps, 'network' | 'clock' | 'indicativeRates'>,
  request: Request,
  locale: Locale,
): IndicativeLine | undefined {
  const outbound = booking.legs.find((leg) => leg.leg === 0) ?? booking.legs[0];
  const price = indicativePrice({
    total: booking.price.total,
    departureCountry: outbound && deps.network.terminal(outbound.fromCode)?.country,
    acceptLanguage: request.headers.get('Accept-Language'),
    table: deps.indicativeRates,
    now: deps.clock(),
  });
  if (!price) return undefined;
  return {
    amount: formatIndicative(price.cents, price.currency, locale),
    date: formatDate(price.rateDate, locale),
  };
}
