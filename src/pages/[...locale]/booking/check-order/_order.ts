import { BOOKING_ID_PATTERN } from '../../../../domain/booking-code.ts';
import { localizePath } from '../../../../i18n/locales.ts';
import type { PageAstro } from '../../../../server/http/pages/page-astro.ts';

/**
 * /booking/check-order/{id}, the order page's old address: the booking lives at its own address now (its Manage
 * booking page), so this one points there for good (301), its query kept. Undefined: not a booking id (404).
 */
export function serveOrder(astro: PageAstro): Response | undefined {
  const id = astro.params.id ?? '';
  if (!BOOKING_ID_PATTERN.test(id)) return undefined;
  return astro.redirect(`${localizePath(`/booking/${id}`, astro.locals.locale)}${astro.url.search}`, 301);
}
