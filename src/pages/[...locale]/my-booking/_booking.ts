import { BOOKING_ID_PATTERN } from '../../../domain/booking-code.ts';
import { localizePath } from '../../../i18n/locales.ts';
import { ownsBooking } from '../../../server/services/account-bookings.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';

/**
 * /my-booking/{id}, one of the account's bookings: its Manage booking page at the booking's own address (303),
 * which shows the way back to My booking to its owner. Undefined (404): another account's booking, or none.
 */
export async function serveMyBooking(astro: PageAstro) {
  const { locale, account } = astro.locals;
  const id = astro.params.id ?? '';
  if (!account || !BOOKING_ID_PATTERN.test(id)) return undefined;
  if (!(await ownsBooking(await astro.locals.deps.database(), account.userId, id))) return undefined;
  return astro.redirect(`${localizePath(`/booking/${id}`, locale)}${astro.url.search}`, 303);
}
