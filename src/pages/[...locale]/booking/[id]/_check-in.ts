import { localizePath } from '../../../../i18n/locales.ts';
import { bookingTaskPage } from '../../../../server/http/pages/booking-by-id.ts';
import { checkInLegs } from '../../../../server/views/check-in-page.ts';
import type { PageAstro } from '../../../../server/http/pages/page-astro.ts';
import { checkIn } from '../../../../server/use-cases/check-in.ts';
import { checkInTravelDocuments } from '../../../../server/services/travel-documents.ts';
import { countryList } from '../../../../server/views/countries.ts';

/**
 * /booking/{id}/check-in, one booking's online check-in: the booking's unguessable id gives access, as for its order
 * page (no proof beyond the link, so no verify step). A plain form that posts to itself: checked in, back here (303,
 * `?done`) with the boarding passes; refused, its reason above the passengers. Undefined: no such booking (404).
 */
export async function serveCheckIn(astro: PageAstro) {
  const { locale } = astro.locals;
  const id = astro.params.id ?? '';
  const task = await bookingTaskPage(astro, id, checkIn);
  if (task instanceof Response) return task;
  const { booking, posted } = task;
  if (!booking) return undefined;
  const deps = astro.locals.deps;
  const documents = await checkInTravelDocuments(await deps.database(), id);
  return {
    id,
    self: localizePath(`/booking/${id}/check-in`, locale),
    booking,
    legs: booking.status === 'paid' ? checkInLegs(booking, deps.network, locale, deps.clock()) : [],
    /** What each passenger's nationality and sex start as: what was posted, else what is known (by position). */
    documentOf: (position: number, row: number) => ({
      nationality:
        posted?.form.get(`travellers.${String(row)}.nationality`) ??
        documents.get(position)?.nationality ??
        '',
      sex: posted?.form.get(`travellers.${String(row)}.sex`) ?? documents.get(position)?.sex ?? '',
    }),
    countries: countryList(locale),
    /** Ticked: every passenger at first; after a refusal, those the traveller had ticked. */
    ticked: (ticket: string) => !posted || posted.form.getAll('tickets').includes(ticket),
    refusal: posted && Object.values(posted.errors).flat()[0],
    done: astro.url.searchParams.has('done') && !posted,
  };
}
