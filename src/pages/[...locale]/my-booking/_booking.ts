import { BOOKING_ID_PATTERN } from '../../../domain/booking-code.ts';
import { keepPrivate } from '../../../server/http/pages/booking-by-id.ts';
import { orderDoneMessage } from '../../../server/views/order-actions.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { accountBooking } from '../../../server/services/account-bookings.ts';

/**
 * /my-booking/{id}, one of the account's bookings: booking detail, ticket detail and summary, the documents and the
 * after-sales actions possible now, as the guest's order page shows them (the same use cases behind each).
 * Undefined (404): another account's booking, or none.
 */
export async function serveMyBooking(astro: PageAstro) {
  const { locale, account } = astro.locals;
  const id = astro.params.id ?? '';
  const deps = astro.locals.deps;
  const booking =
    account && BOOKING_ID_PATTERN.test(id)
      ? await accountBooking(await deps.database(), deps.network, account.userId, id, locale)
      : undefined;
  if (!booking) return undefined;
  keepPrivate(astro.response.headers);
  return { booking, done: orderDoneMessage(astro.url.searchParams, locale) };
}
