import { PDFDocument, StandardFonts, type PDFFont, type PDFImage } from 'pdf-lib';
import { localeTags } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';
import type { BookingView } from '../services/booking-view.ts';
import { eTicketPages, type ETicketPage, type PriceRow } from './e-ticket-content.ts';
import {
  Canvas,
  CONTENT_WIDTH,
  fieldGrid,
  GAP,
  grey,
  HEADER_HEIGHT,
  MARGIN,
  navy,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  QR_SIZE,
  rule,
  tint,
  white,
  type Style,
} from './pdf-canvas.ts';
import { wrapText } from './pdf-text.ts';
import { qrPng } from './qr.ts';

function header(c: Canvas, page: ETicketPage): void {
  c.page.drawRectangle({
    x: 0,
    y: PAGE_HEIGHT - HEADER_HEIGHT,
    width: PAGE_WIDTH,
    height: HEADER_HEIGHT,
    color: navy,
  });
  const right = PAGE_WIDTH - MARGIN;
  c.line(page.brand, MARGIN, PAGE_HEIGHT - 22, { size: 20, bold: true, color: white });
  c.line(page.title, right, PAGE_HEIGHT - 18, { size: 18, bold: true, color: white }, 'right');
  c.line(page.pageLabel, right, PAGE_HEIGHT - 42, { size: 8.5, color: white }, 'right');
}

/** Passenger and booking fields beside the QR code. Returns the top of what comes next. */
function identity(c: Canvas, page: ETicketPage, qr: PDFImage, top: number): number {
  const qrX = PAGE_WIDTH - MARGIN - QR_SIZE;
  c.page.drawImage(qr, { x: qrX, y: top - QR_SIZE, width: QR_SIZE, height: QR_SIZE });
  let captionY = top - QR_SIZE - 4;
  for (const line of wrapText(page.qrCaption, c.regular, 7.5, QR_SIZE)) {
    const style = { size: 7.5, color: grey };
    captionY = c.line(line, qrX + (QR_SIZE - c.width(line, style)) / 2, captionY, style);
  }
  const fieldsBottom = fieldGrid(c, page.fields, MARGIN, top, CONTENT_WIDTH - QR_SIZE - 24, 2);
  return Math.min(fieldsBottom, captionY) - GAP;
}

/** A leg in a box: heading bar, route, fields, open-ticket note. Returns the top of what comes next. */
function legBox(c: Canvas, leg: ETicketPage['legs'][number], top: number): number {
  const inner = CONTENT_WIDTH - 20;
  c.page.drawRectangle({ x: MARGIN, y: top - 20, width: CONTENT_WIDTH, height: 20, color: tint });
  c.line(leg.heading.toLocaleUpperCase(), MARGIN + 10, top - 6, { size: 8.5, bold: true, color: navy });
  let y = c.paragraph(leg.route, MARGIN + 10, top - 28, inner, { size: 12.5, bold: true }) - 4;
  y = fieldGrid(c, leg.fields, MARGIN + 10, y, inner, 2);
  if (leg.note) y = c.paragraph(leg.note, MARGIN + 10, y, inner, { size: 9, color: navy }) - 2;
  const bottom = y - 6;
  c.page.drawRectangle({
    x: MARGIN,
    y: bottom,
    width: CONTENT_WIDTH,
    height: top - bottom,
    borderColor: rule,
    borderWidth: 0.8,
  });
  return bottom - 10;
}

/** A price row: label wrapped on the left, amount on the right. Returns the top of what comes next. */
function priceRow(c: Canvas, row: PriceRow, x: number, top: number, width: number, style: Style): number {
  const amountWidth = c.width(row.amount, style);
  c.line(row.amount, x + width, top, style, 'right');
  return c.paragraph(row.label, x, top, width - amountWidth - 8, style) - 1;
}

function priceTable(c: Canvas, price: ETicketPage['price'], x: number, top: number, width: number): number {
  let y = c.line(price.title, x, top, { size: 10.5, bold: true, color: navy }) - 2;
  for (const group of price.groups) {
    y = c.paragraph(group.heading, x, y, width, { size: 8, bold: true, color: grey });
    for (const row of group.rows) y = priceRow(c, row, x, y, width, { size: 9 });
    y -= 4;
  }
  c.page.drawLine({ start: { x, y: y + 1 }, end: { x: x + width, y: y + 1 }, thickness: 0.6, color: rule });
  y = priceRow(c, price.fee, x, y - 4, width, { size: 9 });
  return priceRow(c, price.total, x, y - 2, width, { size: 11, bold: true });
}

function rulesBox(c: Canvas, rules: ETicketPage['rules'], x: number, top: number, width: number): number {
  const item: Style = { size: 8.5 };
  const textWidth = width - 30;
  const height =
    12 +
    10.5 * 1.3 +
    4 +
    rules.items.reduce((sum, text) => sum + c.paragraphHeight(text, textWidth, item) + 3, 0) +
    8;
  c.page.drawRectangle({
    x,
    y: top - height,
    width,
    height,
    color: tint,
    borderColor: rule,
    borderWidth: 0.8,
  });
  let y = c.line(rules.title, x + 12, top - 12, { size: 10.5, bold: true, color: navy }) - 4;
  for (const text of rules.items) {
    c.line('•', x + 12, y, { ...item, color: navy });
    y = c.paragraph(text, x + 22, y, textWidth, item) - 3;
  }
  return top - height;
}

function footer(c: Canvas, text: string): void {
  const top = MARGIN + 18;
  c.page.drawLine({
    start: { x: MARGIN, y: top + 6 },
    end: { x: PAGE_WIDTH - MARGIN, y: top + 6 },
    thickness: 0.6,
    color: rule,
  });
  c.paragraph(text, MARGIN, top, CONTENT_WIDTH, { size: 8, color: grey });
}

async function drawPage(doc: PDFDocument, fonts: { regular: PDFFont; bold: PDFFont }, page: ETicketPage) {
  const c = new Canvas(doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]), fonts.regular, fonts.bold);
  const qr = await doc.embedPng(await qrPng(page.qrPayload));
  header(c, page);
  let y = identity(c, page, qr, PAGE_HEIGHT - HEADER_HEIGHT - 22);
  for (const leg of page.legs) y = legBox(c, leg, y);
  const half = (CONTENT_WIDTH - 24) / 2;
  priceTable(c, page.price, MARGIN, y - 6, half);
  rulesBox(c, page.rules, MARGIN + half + 24, y, half);
  footer(c, page.footer);
}

/**
 * A booking's e-ticket as a PDF: one A4 page per passenger with the QR code, sailings, ticket numbers, price and
 * travel rules, in the booking's own language. Standard fonts only, so nothing is embedded but the QR images.
 */
export async function renderETicketPdf(view: BookingView, options: { siteUrl: string }): Promise<Uint8Array> {
  const pages = eTicketPages(view, options);
  const doc = await PDFDocument.create();
  const issued = view.paidAt ?? view.createdAt;
  doc.setTitle(translate('eticket_document_title', view.locale, { code: view.code }), {
    showInWindowTitleBar: true,
  });
  doc.setAuthor('Segara Ferry');
  doc.setCreator('Segara Ferry');
  doc.setProducer('Segara Ferry');
  doc.setLanguage(localeTags[view.locale]);
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  for (const page of pages) await drawPage(doc, fonts, page);
  return doc.save();
}
