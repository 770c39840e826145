import { agencyTime, agencyWallClock } from '../../../domain/agency.ts';
import { dataRequestKinds } from '../../../domain/data-requests.ts';
import { formatPortTime } from '../../../i18n/format.ts';
import { localizePath, type Locale } from '../../../i18n/locales.ts';
import { translate } from '../../../i18n/translate.ts';
import { submitForm } from '../../../server/http/form-post.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import {
  dataRequestListing,
  dataRequestOf,
  type DataRequestRow,
} from '../../../server/services/data-requests.ts';
import { travellerData } from '../../../server/services/traveller-data.ts';
import { dataRequestAddress } from '../../../server/use-cases/addresses.ts';
import {
  staffDataRequestAnswer,
  staffDataRequestRecord,
} from '../../../server/use-cases/staff-data-request.ts';
import { privateDownload } from '../../../server/http/private-download.ts';
import { consoleEntry } from './_console.ts';

/** A request as the console lists it: what, from whom, and where it stands against its legal due date. */
function requestLine(row: DataRequestRow, locale: Locale, list: string) {
  const at = row.state === 'done' || row.state === 'refused' ? (row.answeredAt ?? row.dueAt) : row.dueAt;
  return {
    id: row.id,
    href: `${list}/${row.id}`,
    email: row.email,
    kind: translate(`data_request_kind_${row.kind}`, locale),
    state: row.state,
    stateLine: translate(`data_request_state_${row.state}`, locale, {
      date: formatPortTime(agencyTime(at), locale),
    }),
    received: translate('data_request_received', locale, {
      date: formatPortTime(agencyTime(row.receivedAt), locale),
    }),
  };
}

/** `/staff/data-requests`: every request, the soonest due first, and "Record a request" (its form posts here). */
export async function serveDataRequests(astro: PageAstro) {
  const { locale, deps } = astro.locals;
  const entry = await consoleEntry(astro, 'agent');
  if (entry instanceof Response || !entry.allowed) return entry;
  const posted = await submitForm(entry.page.form, staffDataRequestRecord);
  if (posted instanceof Response) return posted;
  if (posted) astro.response.status = posted.status;
  const now = deps.clock();
  const list = localizePath('/staff/data-requests', locale);
  return {
    allowed: true as const,
    bar: entry.bar,
    csrf: entry.page.csrf,
    posted,
    now: agencyWallClock(now),
    kinds: dataRequestKinds.map((kind) => ({
      value: kind,
      label: translate(`data_request_kind_${kind}`, locale),
    })),
    rows: (await dataRequestListing(entry.db, now)).map((row) => requestLine(row, locale, list)),
  };
}

/**
 * `/staff/data-requests/{id}`: one request, what we hold about its address (readable here, `?export` as JSON for the
 * traveller), and "Record the answer" (its form posts here).
 */
export async function serveDataRequest(astro: PageAstro, id: string) {
  const { locale, deps } = astro.locals;
  const entry = await consoleEntry(astro, 'agent');
  if (entry instanceof Response || !entry.allowed) return entry;
  const notFound = () => {
    astro.response.status = 404;
    return { allowed: true as const, found: false as const, bar: entry.bar };
  };
  try {
    dataRequestAddress({ id });
  } catch {
    return notFound();
  }
  const posted = await submitForm(entry.page.form, staffDataRequestAnswer, { params: { id } });
  if (posted instanceof Response) return posted;
  if (posted) astro.response.status = posted.status;
  const now = deps.clock();
  const row = await dataRequestOf(entry.db, id, now);
  if (!row) return notFound();
  const data = await travellerData(entry.db, deps.network, row.email);
  if (astro.url.searchParams.has('export'))
    return privateDownload(
      JSON.stringify({ generatedAt: now, ...data }, null, 2),
      'application/json; charset=utf-8',
      `personal-data-${row.id.slice(0, 8)}.json`,
    );
  return {
    allowed: true as const,
    found: true as const,
    bar: entry.bar,
    csrf: entry.page.csrf,
    posted,
    request: {
      ...requestLine(row, locale, localizePath('/staff/data-requests', locale)),
      details: row.details,
    },
    answered: row.outcome !== null,
    answer: row.answer,
    data,
    bookingsPath: localizePath('/staff/bookings', locale),
    notice: astro.url.searchParams.has('answered')
      ? translate('data_request_answered_notice', locale)
      : undefined,
  };
}
