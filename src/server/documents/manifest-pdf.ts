import { PageSizes, PDFDocument, StandardFonts } from 'pdf-lib';
import { localeTags, type Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';
import type { ManifestLine } from '../views/staff-manifest.ts';
import { Canvas, grey, navy, rule, tint, white } from './pdf-canvas.ts';
import { wrapText } from './pdf-text.ts';

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
/** A wrapped name's line height, inside its row. */
const LINE = 10;
const SIZE = 7.5;
/** The height a page's rows may take: below its head and the table's headings, above the summary and page number. */
const TABLE_ROOM = HEIGHT - 82 - ROW - 2 * MARGIN - 16;

interface Column {
  take: (line: ManifestLine) => string;
  heading: string;
  share: number;
}
/** The name as in the passport: wrapped, never cut. */
const nameColumn: Column = { take: (l) => l.fullName, heading: 'full_name', share: 0.17 };
/** Each column: what it shows and its share of the width (they add up to 1). */
const columns: Column[] = [
  { take: (l) => String(l.no), heading: 'no', share: 0.03 },
  nameColumn,
  { take: (l) => l.nationality || '—', heading: 'nationality', share: 0.05 },
  { take: (l) => l.sex || '—', heading: 'sex', share: 0.035 },
  { take: (l) => l.dateOfBirth || '—', heading: 'date_of_birth', share: 0.075 },
  { take: (l) => l.passportNumber ?? '', heading: 'passport_number', share: 0.09 },
  { take: (l) => l.passportCountry, heading: 'passport_country', share: 0.05 },
  { take: (l) => l.passportExpiry ?? '', heading: 'passport_expiry', share: 0.075 },
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
  const width = (column: Column) => column.share * inner - 6;
  // The name as in the passport is never cut: it wraps, and its row grows. Rows are laid out on pages first, so
  // every page can say how many there are.
  const rows = lines.map((line) => ({
    line,
    names: wrapText(line.fullName, regular, SIZE, width(nameColumn)),
  }));
  const pages: (typeof rows)[] = [[]];
  let room = TABLE_ROOM;
  for (const row of rows) {
    const height = Math.max(1, row.names.length) * LINE + (ROW - LINE);
    if (height > room && (pages.at(-1)?.length ?? 0) > 0) {
      pages.push([]);
      room = TABLE_ROOM;
    }
    pages.at(-1)?.push(row);
    room -= height;
  }
  for (const [index, page] of pages.entries()) {
    const c = new Canvas(doc.addPage([WIDTH, HEIGHT]), regular, bold);
    let y = pageHead(c, head, t);
    c.page.drawRectangle({ x: MARGIN, y: y - ROW + 3, width: inner, height: ROW, color: tint });
    let x = MARGIN + 3;
    for (const column of columns) {
      const heading = t(`staff_manifest_col_${column.heading}` as Parameters<typeof translate>[0]);
      c.line(fit(c, heading, width(column)), x, y, { size: SIZE, bold: true, color: navy });
      x += column.share * inner;
    }
    y -= ROW;
    for (const { line, names } of page) {
      x = MARGIN + 3;
      for (const column of columns) {
        if (column === nameColumn) names.forEach((name, i) => c.line(name, x, y - i * LINE, { size: SIZE }));
        else c.line(fit(c, column.take(line), width(column)), x, y, { size: SIZE });
        x += column.share * inner;
      }
      y -= Math.max(1, names.length) * LINE + (ROW - LINE);
      c.page.drawLine({
        start: { x: MARGIN, y: y + 4 },
        end: { x: WIDTH - MARGIN, y: y + 4 },
        color: rule,
        thickness: 0.5,
      });
    }
    if (index === pages.length - 1) c.line(head.summary, MARGIN, y - 6, { size: 9, bold: true });
    const pageLabel = t('staff_manifest_page', { page: index + 1, pages: pages.length });
    c.line(pageLabel, WIDTH - MARGIN, MARGIN, { size: 8, color: grey }, 'right');
  }
  return doc.save();
}

/** Every page's head: the title, the sailing, when it was printed. Returns the top of the table. */
function pageHead(
  c: Canvas,
  head: ManifestHead,
  t: (key: 'staff_manifest_title' | 'staff_manifest_printed', params?: Record<string, unknown>) => string,
): number {
  c.page.drawRectangle({ x: 0, y: HEIGHT - 52, width: WIDTH, height: 52, color: navy });
  c.line(t('staff_manifest_title'), MARGIN, HEIGHT - 16, { size: 16, bold: true, color: white });
  const right = WIDTH - MARGIN;
  c.line(
    `${head.route} · ${head.operator}`,
    right,
    HEIGHT - 14,
    { size: 10, bold: true, color: white },
    'right',
  );
  c.line(`${head.departure} · ${head.status}`, right, HEIGHT - 30, { size: 9, color: white }, 'right');
  c.line(t('staff_manifest_printed', { at: head.printedAt }), MARGIN, HEIGHT - 66, { size: 8, color: grey });
  return HEIGHT - 82;
}
