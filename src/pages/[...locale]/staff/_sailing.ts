import { agencyTime } from '../../../domain/agency.ts';
import { portTime } from '../../../domain/port-time.ts';
import { formatPortTime, formatRupiah } from '../../../i18n/format.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { translate } from '../../../i18n/translate.ts';
import { submitForm } from '../../../server/http/form-post.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { operatorChangePreview } from '../../../server/services/operator-change-preview.ts';
import { sailingLoad } from '../../../server/services/sailing-loads.ts';
import { sailingManifest } from '../../../server/services/sailing-manifest.ts';
import { staffCancelSailing } from '../../../server/use-cases/staff-cancel-sailing.ts';
import { staffDelaySailing } from '../../../server/use-cases/staff-delay-sailing.ts';
import { staffSailingCapacity } from '../../../server/use-cases/staff-sailing-capacity.ts';
import { staffTravelDocument } from '../../../server/use-cases/staff-travel-document.ts';
import type { AnyUseCase } from '../../../server/use-cases/use-case.ts';
import { countryList } from '../../../server/views/countries.ts';
import { manifestLine, manifestSummary } from '../../../server/views/staff-manifest.ts';
import { pick } from '../../../server/views/staff-booking.ts';
import { sailingLine } from '../../../server/views/staff-sailings.ts';
import { consoleEntry } from './_console.ts';

/** The actions the sailing page's forms post to itself, by the word in the address (`?capacity`). */
const doors: Record<'travel' | 'capacity' | 'cancel' | 'delay', AnyUseCase> = {
  travel: staffTravelDocument,
  capacity: staffSailingCapacity,
  cancel: staffCancelSailing,
  delay: staffDelaySailing,
};

/** The notice a successful action comes back with, by the word its redirect puts in the address. */
function noticeOf(asked: URLSearchParams, locale: Locale): string | undefined {
  const count = (name: string) => {
    const value = asked.get(name);
    return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : undefined;
  };
  if (asked.has('added')) return translate('staff_travel_document_added', locale);
  if (asked.has('resized')) return translate('staff_capacity_changed', locale);
  const cancelled = count('cancelled');
  if (cancelled !== undefined)
    return translate('staff_sailing_cancelled_notice', locale, { count: cancelled });
  const delayed = count('delayed');
  if (delayed !== undefined) return translate('staff_sailing_delayed_notice', locale, { count: delayed });
  return undefined;
}

/**
 * `/staff/sailings/{id}`: a sailing's seats and load, its passengers with their check-in and boarding state and what
 * the manifest still lacks (an agent adds nationality and sex at the counter: `?travel={booking id}`), its manifest
 * to print or download, and the admin's actions: a new capacity (`?capacity`), and the operator's delay or
 * cancellation, whose dry run (`?preview=delay`, `?preview=cancel`) comes before the form that does it (`?delay`,
 * `?cancel`).
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
  const change =
    form === 'cancel' || form === 'delay' ? form : pick(['cancel', 'delay'] as const, asked.get('preview'));
  const [rows, preview] = await Promise.all([
    sailingManifest(entry.db, id),
    change ? operatorChangePreview(entry.db, id) : undefined,
  ]);
  const lines = rows.map((row, index) => manifestLine(row, index, locale));
  const line = sailingLine(sailing, deps.network, locale);
  const acting = entry.bar.admin && sailing.status !== 'cancelled' && sailing.departsAt > now;
  const zone = deps.network.zoneOf(deps.network.routeById(sailing.routeId)?.from);
  const local = portTime(sailing.departsAt, zone);
  return {
    allowed: true as const,
    found: true as const,
    bar: entry.bar,
    csrf: entry.page.csrf,
    admin: entry.bar.admin,
    sailing: line,
    /** The admin's actions are offered: not for agents, a cancelled sailing or one that left. */
    acting,
    departureLocal: `${local.date}T${local.time}`,
    zone: local.zone,
    passengers: lines,
    summary: manifestSummary(lines, locale),
    countries: countryList(locale),
    posted,
    postedForm: form,
    /** The counter form a refused post came from: its choices stay in its row. */
    counterPosted: form === 'travel' && posted ? { bookingId: params.id, form: posted.form } : undefined,
    /** Said on top: a counter form's refusal (its form sits in a table row), or an action's whose form is gone. */
    topErrors: posted && (form === 'travel' || !acting) ? Object.values(posted.errors).flat() : [],
    preview: preview &&
      change && {
        kind: change,
        line: translate('staff_operator_preview', locale, {
          bookings: preview.bookings,
          travellers: preview.travellers,
          checkedIn: preview.checkedIn,
          total: formatRupiah(preview.refundTotal, locale),
        }),
        ...preview,
      },
    notice: noticeOf(asked, locale),
    printedAt: formatPortTime(agencyTime(now), locale),
  };
}
