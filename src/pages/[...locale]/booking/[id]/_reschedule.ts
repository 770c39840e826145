import { localizePath } from '../../../../i18n/locales.ts';
import { bookingTaskPage } from '../../../../server/http/pages/booking-by-id.ts';
import type { PageAstro } from '../../../../server/http/pages/page-astro.ts';
import { reschedulePage } from '../../../../server/views/reschedule-page.ts';
import { sailingsContext } from '../../../../server/views/sailing-options.ts';
import { reschedule } from '../../../../server/use-cases/reschedule.ts';

/**
 * /booking/{id}/reschedule, by the booking's unguessable id (as its order page). One plain form in steps: "Show
 * sailings" sends the passengers and the date in the address (GET), the sailings of that date appear, "Reschedule"
 * posts; moved, the order page (303) shows the new tickets; refused, the reason above the form with every choice
 * kept. A browser that has not proven the booking goes to its verify page first (bookingTaskPage). Undefined: no
 * such booking (404).
 */
export async function serveReschedule(astro: PageAstro) {
  const { locale } = astro.locals;
  const id = astro.params.id ?? '';
  const task = await bookingTaskPage(astro, id, reschedule, 'reschedule');
  if (task instanceof Response) return task;
  const { booking, posted, choices } = task;
  if (!booking) return undefined;
  const state =
    booking.status === 'paid'
      ? await reschedulePage(await sailingsContext(astro.locals.deps), booking, locale, choices)
      : undefined;
  return {
    id,
    self: localizePath(`/booking/${id}/reschedule`, locale),
    booking,
    choices,
    state,
    refusal: posted && Object.values(posted.errors).flat()[0],
    anyFee: state?.sailings?.some((sailing) => sailing.hasFee) ?? false,
  };
}
