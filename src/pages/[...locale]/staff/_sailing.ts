import { agencyTime } from '../../../domain/agency.ts';
import { formatPortTime, formatRupiah } from '../../../i18n/format.ts';
import { translate } from '../../../i18n/translate.ts';
import { submitForm } from '../../../server/http/form-post.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { operatorChangePreview } from '../../../server/services/operator-change-preview.ts';
import { sailingLoad } from '../../../server/services/sailing-loads.ts';
import { sailingManifest } from '../../../server/services/sailing-manifest.ts';
import { staffCancelSailing } from '../../../server/use-cases/staff-cancel-sailing.ts';
import { staffSailingCapacity } from '../../../server/use-cases/staff-sailing-capacity.ts';
import { staffTravelDocument } from '../../../server/use-cases/staff-travel-document.ts';
import type { AnyUseCase } from '../../../server/use-cases/use-case.ts';
import { countryList } from '../../../server/views/countries.ts';
import { manifestLine, manifestSummary } from '../../../server/views/staff-manifest.ts';
import { sailingLine } from '../../../server/views/staff-sailings.ts';
import { consoleEntry } from './_console.ts';

/** The actions the sailing page's forms post to itself, by the word in the address (`?capacity`). */
const doors: Record<'travel' | 'capacity' | 'cancel', AnyUseCase> = {
  travel: staffTravelDocument,
  capacity: staffSailingCapacity,
  cancel: staffCancelSailing,
};

/**
 * `/staff/sailings/{id}`: a sailing's seats and load, its passengers with their check-in and boarding state and what
 * the manifest still lacks (an agent adds nationality and sex at the counter: `?travel={booking id}`), its manifest
 * to print or download, and the admin's actions: a new capacity (`?capacity`), and the operator's cancellation,
 * whose dry run (`?preview=cancel`) comes before the form that does it (`?cancel`).
 */
export async function serveSailing(astro: PageAstro, id: string) {
  const { locale, deps } = astro.locals;
  const entry = await consoleEntry(astro, 'agent');
  if (entry instanceof Response || !entry.allowed) return entry;
  const asked = astro.url.searchParams;
  const form = (Object.keys(doors) as (keyof typeof doors)[]).find((name) => asked.has(name));
  const params = { id: form === 'travel' ? (asked.get('travel') ?? '') : id };
  const posted = form ? await submitForm(entry.page.form, doors[form], { params }) : undefined;
  if (posted instanceof Response) return posted;
  if (posted) astro.response.status = posted.status;
  const now = deps.clock();
  const sailing = await sailingLoad(entry.db, id, now);
  if (!sailing) {
    astro.response.status = 404;
    return { allowed: true as const, found: false as const, bar: entry.bar };
  }
  const [rows, preview] = await Promise.all([
    sailingManifest(entry.db, id),
    asked.get('preview') === 'cancel' || form === 'cancel' ? operatorChangePreview(entry.db, id) : undefined,
  ]);
  const lines = rows.map((row, index) => manifestLine(row, index, locale));
  const line = sailingLine(sailing, deps.network, locale);
  const cancelled = asked.get('cancelled');
  return {
    allowed: true as const,
    found: true as const,
    bar: entry.bar,
    csrf: entry.page.csrf,
    admin: entry.bar.admin,
    sailing: line,
    departed: sailing.departsAt <= now,
    passengers: lines,
    summary: manifestSummary(lines, locale),
    countries: countryList(locale),
    posted,
    postedForm: form,
    /** A counter form's refusal, said on top: the form sits in a table row. */
    travelErrors: form === 'travel' && posted ? Object.values(posted.errors).flat() : [],
    preview: preview && {
      line: translate('staff_operator_preview', locale, {
        bookings: preview.bookings,
        travellers: preview.travellers,
        checkedIn: preview.checkedIn,
        total: formatRupiah(preview.refundTotal, locale),
      }),
      ...preview,
    },
    notice: asked.has('added')
      ? translate('staff_travel_document_added', locale)
      : asked.has('resized')
        ? translate('staff_capacity_changed', locale)
        : cancelled !== null && /^\d+$/.test(cancelled)
          ? translate('staff_sailing_cancelled_notice', locale, { count: Number(cancelled) })
          : undefined,
    printedAt: formatPortTime(agencyTime(now), locale),
  };
}
