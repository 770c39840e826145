import { PDFDocument, StandardFonts } from 'pdf-lib';
import { localeTags, type Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';
import type { Field } from './e-ticket-content.ts';
import {
  Canvas,
  CONTENT_WIDTH,
  fieldGrid,
  grey,
  HEADER_HEIGHT,
  MARGIN,
  navy,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  white,
} from './pdf-canvas.ts';
import { wrapText } from './pdf-text.ts';
import { qrPng } from './qr.ts';

/** What one passenger's boarding pass for one sailing says, already in the booking's language. */
export interface BoardingPassDocument {
  locale: Locale;
  bookingCode: string;
  passengerName: string;
  ticketNumber: string;
  /** `Batam Centre → HarbourFront`, and each end alone (a wallet pass names them apart). */
  route: string;
  from: string;
  to: string;
  operator: string;
  /** `6 December 2026`. */
  date: string;
  /** Port-local clocks with their zone: `08:00 WIB`. */
  departure: string;
  /** The departure on its terminal's clock, ISO without an offset: `2026-12-06T08:00`. */
  localDeparture: string;
  /** The same departure as an instant: when a wallet brings the pass to the lock screen. */
  departsAt: Date;
  checkInCloses: string;
  gateCloses: string;
  /** The signed payload, base45 (src/server/boarding-pass/signing.ts): what the QR code says. */
  qrText: string;
  issuedAt: Date;
}

/** The QR is what the gate scans: large, with a quiet zone, so a cracked phone screen still reads. */
const QR_SIDE = 200;

/** The pass's fields, labelled in its language, in the order they are drawn. */
export function boardingPassFields(pass: BoardingPassDocument): Field[] {
  const t = (key: Parameters<typeof translate>[0]) => translate(key, pass.locale);
  return [
    { label: t('eticket_passenger'), value: pass.passengerName, wide: true },
    { label: t('eticket_ticket_number'), value: pass.ticketNumber },
    { label: t('booking_code_label'), value: pass.bookingCode },
    { label: t('boarding_pass_route'), value: pass.route, wide: true },
    { label: t('route_col_operator'), value: pass.operator },
    { label: t('trip_date'), value: pass.date },
    { label: t('trip_departure'), value: pass.departure },
    { label: t('trip_check_in_closes'), value: pass.checkInCloses },
    { label: t('trip_gate_closes'), value: pass.gateCloses },
    { label: t('boarding_pass_baggage'), value: t('boarding_pass_baggage_allowance') },
  ];
}

/**
 * One passenger's boarding pass as a one-page A4 PDF: the QR code anyone at the gate can verify offline with the
 * published keys, the sailing, and the deadlines (baggage check-in closes 1 hour before departure, the gate 30
 * minutes before, 20 kg of baggage free). Standard fonts only; the QR image is all that is embedded.
 */
export async function renderBoardingPassPdf(pass: BoardingPassDocument): Promise<Uint8Array> {
  const t = (key: Parameters<typeof translate>[0], params?: Record<string, unknown>) =>
    translate(key, pass.locale, params);
  const doc = await PDFDocument.create();
  doc.setTitle(t('boarding_pass_document_title', { ticket: pass.ticketNumber }), {
    showInWindowTitleBar: true,
  });
  doc.setAuthor('Segara Ferry');
  doc.setCreator('Segara Ferry');
  doc.setProducer('Segara Ferry');
  doc.setLanguage(localeTags[pass.locale]);
  doc.setCreationDate(pass.issuedAt);
  doc.setModificationDate(pass.issuedAt);
  const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  const c = new Canvas(
    page,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );

  page.drawRectangle({
    x: 0,
    y: PAGE_HEIGHT - HEADER_HEIGHT,
    width: PAGE_WIDTH,
    height: HEADER_HEIGHT,
    color: navy,
  });
  c.line('Segara Ferry', MARGIN, PAGE_HEIGHT - 22, { size: 20, bold: true, color: white });
  c.line(
    t('boarding_pass_title'),
    PAGE_WIDTH - MARGIN,
    PAGE_HEIGHT - 22,
    { size: 18, bold: true, color: white },
    'right',
  );

  let top = PAGE_HEIGHT - HEADER_HEIGHT - 24;
  const qr = await doc.embedPng(await qrPng(pass.qrText));
  const qrX = (PAGE_WIDTH - QR_SIDE) / 2;
  page.drawImage(qr, { x: qrX, y: top - QR_SIDE, width: QR_SIDE, height: QR_SIDE });
  top -= QR_SIDE + 6;
  const caption = { size: 8.5, color: grey };
  for (const line of wrapText(t('boarding_pass_qr_caption'), c.regular, caption.size, CONTENT_WIDTH))
    top = c.line(line, (PAGE_WIDTH - c.width(line, caption)) / 2, top, caption);

  const fields = boardingPassFields(pass);
  top = fieldGrid(c, fields, MARGIN, top - 18, CONTENT_WIDTH, 2);
  c.paragraph(t('trip_times_local'), MARGIN, top - 12, CONTENT_WIDTH, caption);
  return doc.save();
}
