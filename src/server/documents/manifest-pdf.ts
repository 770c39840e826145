import { PageSizes, PDFDocument, StandardFonts } from 'pdf-lib';
import { localeTags, type Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';
import type { ManifestLine } from '../views/staff-manifest.ts';
import { Canvas, grey, navy, rule, tint, white } from './pdf-canvas.ts';

/** What the manifest's head says: the sailing, and when and by whom the list was printed. */
export interface ManifestHead {
  locale: Locale;
  route: string;
  operator: string;
  /** `Sat 5 Dec 2026, 08:30 WIB`. */
  departure: string;
  status: string;
  printedAt: string;
  summary: string;
}

// A4 landscape: a harbour master's list is wide.
const [WIDTH, HEIGHT] = [PageSizes.A4[1], PageSizes.A4[0]];
const MARGIN = 28;
const ROW = 15;
const SIZE = 7.5;

/** Each column: what it shows and its share of the width (they add up to 1). */
const columns: { take: (line: ManifestLine) => string; heading: string; share: number }[] = [
  { take: (l) => String(l.no), heading: 'no', share: 0.03 },
  { take: (l) => l.fullName, heading: 'full_name', share: 0.17 },
  { take: (l) => l.nationality || '—', heading: 'nationality', share: 0.05 },
  { take: (l) => l.sex || '—', heading: 'sex', share: 0.035 },
  { take: (l) => l.dateOfBirth || '—', heading: 'date_of_birth', share: 0.075 },
  { take: (l) => l.passportNumber, heading: 'passport_number', share: 0.09 },
  { take: (l) => l.passportCountry, heading: 'passport_country', share: 0.05 },
  { take: (l) => l.passportExpiry, heading: 'passport_expiry', share: 0.075 },
  { take: (l) => l.ticketNumber, heading: 'ticket_number', share: 0.1 },
  { take: (l) => l.eTicketNumber, heading: 'e_ticket_number', share: 0.1 },
  { take: (l) => l.bookingCode, heading: 'booking_code', share: 0.06 },
  { take: (l) => l.checkedInWord, heading: 'check_in', share: 0.045 },
  { take: (l) => l.boarded, heading: 'boarding', share: 0.045 },
  { take: (l) => l.missing, heading: 'missing', share: 0.075 },
];

/** The text that fits `width` at the table's size, cut with an ellipsis. */
function fit(c: Canvas, text: string, width: number): string {
  const style = { size: SIZE };
  if (c.width(text, style) <= width) return text;
  let cut = text;
  while (cut.length > 1 && c.width(`${cut}…`, style) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/**
 * The manifest as a PDF for the harbour master (Syahbandar) and immigration: the sailing in the head of every
 * page, one row per passenger, page numbers, and the count at the end. Standard fonts (WinAnsi): names go through
 * safeText, so an accent it cannot draw loses only its accent.
 */
export async function renderManifestPdf(
  head: ManifestHead,
  lines: readonly ManifestLine[],
): Promise<Uint8Array> {
  const t = (key: Parameters<typeof translate>[0], params?: Record<string, unknown>) =>
    translate(key, head.locale, params);
  const doc = await PDFDocument.create();
  doc.setTitle(`${t('staff_manifest_title')}: ${head.route}, ${head.departure}`);
  doc.setLanguage(localeTags[head.locale]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const inner = WIDTH - 2 * MARGIN;
  const perPage = Math.floor((HEIGHT - 150) / ROW);
  const pages = Math.max(1, Math.ceil(lines.length / perPage));
  for (let index = 0; index < pages; index++) {
    const c = new Canvas(doc.addPage([WIDTH, HEIGHT]), regular, bold);
    c.page.drawRectangle({ x: 0, y: HEIGHT - 52, width: WIDTH, height: 52, color: navy });
    c.line(t('staff_manifest_title'), MARGIN, HEIGHT - 16, { size: 16, bold: true, color: white });
    c.line(
      `${head.route} · ${head.operator}`,
      WIDTH - MARGIN,
      HEIGHT - 14,
      { size: 10, bold: true, color: white },
      'right',
    );
    c.line(
      `${head.departure} · ${head.status}`,
      WIDTH - MARGIN,
      HEIGHT - 30,
      { size: 9, color: white },
      'right',
    );
    let y = HEIGHT - 66;
    c.line(t('staff_manifest_printed', { at: head.printedAt }), MARGIN, y, { size: 8, color: grey });
    y -= 16;
    c.page.drawRectangle({ x: MARGIN, y: y - ROW + 3, width: inner, height: ROW, color: tint });
    let x = MARGIN + 3;
    for (const column of columns) {
      const heading = t(`staff_manifest_col_${column.heading}` as Parameters<typeof translate>[0]);
      c.line(fit(c, heading, column.share * inner - 6), x, y, { size: SIZE, bold: true, color: navy });
      x += column.share * inner;
    }
    y -= ROW;
    for (const line of lines.slice(index * perPage, (index + 1) * perPage)) {
      x = MARGIN + 3;
      for (const column of columns) {
        c.line(fit(c, column.take(line), column.share * inner - 6), x, y, { size: SIZE });
        x += column.share * inner;
      }
      c.page.drawLine({
        start: { x: MARGIN, y: y - ROW + 4 },
        end: { x: WIDTH - MARGIN, y: y - ROW + 4 },
        color: rule,
        thickness: 0.5,
      });
      y -= ROW;
    }
    if (index === pages - 1) c.line(head.summary, MARGIN, y - 6, { size: 9, bold: true });
    const pageLabel = t('staff_manifest_page', { page: index + 1, pages });
    c.line(pageLabel, WIDTH - MARGIN, MARGIN, { size: 8, color: grey }, 'right');
  }
  return doc.save();
}
