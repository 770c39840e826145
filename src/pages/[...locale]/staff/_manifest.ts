import { agencyTime } from '../../../domain/agency.ts';
import { manifestCsv } from '../../../domain/manifest.ts';
import { formatPortTime } from '../../../i18n/format.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { renderManifestPdf } from '../../../server/documents/manifest-pdf.ts';
import { sailingLoad } from '../../../server/services/sailing-loads.ts';
import { sailingManifest } from '../../../server/services/sailing-manifest.ts';
import { manifestLine, manifestSummary } from '../../../server/views/staff-manifest.ts';
import { sailingLine } from '../../../server/views/staff-sailings.ts';
import { privateDownload } from '../../../server/http/private-download.ts';
import { consoleEntry } from './_console.ts';

/**
 * `/staff/sailings/{id}/manifest`: the sailing's passenger manifest for the harbour master and immigration, as a
 * page to print, `?format=csv` (codes and ISO dates, docs/manifest.md) or `?format=pdf` (in the reader's language).
 */
export async function serveManifest(astro: PageAstro, id: string) {
  const { locale, deps } = astro.locals;
  const entry = await consoleEntry(astro, 'agent');
  if (entry instanceof Response || !entry.allowed) return entry;
  const now = deps.clock();
  const sailing = await sailingLoad(entry.db, id, now);
  if (!sailing) {
    astro.response.status = 404;
    return { allowed: true as const, found: false as const, bar: entry.bar };
  }
  const rows = await sailingManifest(entry.db, id);
  const line = sailingLine(sailing, deps.network, locale);
  const name = `manifest-${sailing.routeId}-${line.date}-${line.departure.slice(0, 5).replace(':', '')}`;
  const format = astro.url.searchParams.get('format');
  if (format === 'csv') return privateDownload(manifestCsv(rows), 'text/csv; charset=utf-8', `${name}.csv`);
  const lines = rows.map((row, index) => manifestLine(row, index, locale));
  const head = {
    locale,
    route: line.route,
    operator: line.operator,
    departure: `${line.day}, ${line.departure}`,
    status: line.status,
    printedAt: formatPortTime(agencyTime(now), locale),
    summary: manifestSummary(lines, locale),
  };
  if (format === 'pdf')
    return privateDownload(await renderManifestPdf(head, lines), 'application/pdf', `${name}.pdf`);
  return { allowed: true as const, found: true as const, bar: entry.bar, head, lines };
}
