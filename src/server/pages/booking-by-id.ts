import { BOOKING_ID_PATTERN } from '../../domain/booking-code.ts';
import type { Locale } from '../../i18n/locales.ts';
import { runtimeDeps } from '../runtime.ts';
import { bookingView, type BookingView } from '../services/booking-view.ts';

/**
 * The booking a page's address names (`/booking/{id}...`), in the page's language; undefined for an unknown or
 * malformed id. The unguessable id is what gives access, so pages showing it also send `noStoreHeaders`.
 */
export async function bookingById(id: string | undefined, locale: Locale): Promise<BookingView | undefined> {
  if (!id || !BOOKING_ID_PATTERN.test(id)) return undefined;
  const deps = runtimeDeps();
  return bookingView(await deps.database(), deps.network, id, locale);
}

/** Never cached, and the id never leaves in a Referer to another site. */
export function keepPrivate(headers: Headers): void {
  headers.set('Cache-Control', 'no-store');
  headers.set('Referrer-Policy', 'no-referrer');
}
