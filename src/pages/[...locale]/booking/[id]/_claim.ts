import { localizePath } from '../../../../i18n/locales.ts';
import { bookingTaskPage } from '../../../../server/http/pages/booking-by-id.ts';
import { claimPage } from '../../../../server/views/claim-page.ts';
import { sailingsContext } from '../../../../server/views/sailing-options.ts';
import type { PageAstro } from '../../../../server/http/pages/page-astro.ts';
import { claimOpenTicket } from '../../../../server/use-cases/claim-open-ticket.ts';

/**
 * /booking/{id}/claim, an open ticket claims a sailing, by the booking's unguessable id (as its order page). A plain
 * form: "Show sailings" sends the date in the address (GET), "Claim this sailing" posts; claimed, the order page
 * (303) shows the sailing; refused, the reason above the form with the date and the choice kept. A browser that has
 * not proven the booking goes to its verify page first (bookingTaskPage). Undefined: no such booking (404).
 */
export async function serveClaim(astro: PageAstro) {
  const { locale } = astro.locals;
  const id = astro.params.id ?? '';
  const task = await bookingTaskPage(astro, id, claimOpenTicket, 'claim');
  if (task instanceof Response) return task;
  const { booking, posted, choices } = task;
  if (!booking) return undefined;
  const state =
    booking.status === 'paid'
      ? await claimPage(await sailingsContext(astro.locals.deps), booking, locale, choices)
      : undefined;
  return {
    id,
    self: localizePath(`/booking/${id}/claim`, locale),
    booking,
    state,
    refusal: posted && Object.values(posted.errors).flat()[0],
  };
}
