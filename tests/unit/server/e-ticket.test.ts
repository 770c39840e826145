import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { priceBooking } from '../../../src/domain/pricing.ts';
import type { Locale } from '../../../src/i18n/locales.ts';
import {
  eTicketPageLines,
  eTicketPages,
  maskPassport,
} from '../../../src/server/documents/e-ticket-content.ts';
import { renderETicketPdf } from '../../../src/server/documents/e-ticket.ts';
import { safeText, wrapText } from '../../../src/server/documents/pdf-text.ts';
import { eTicketQrPayload } from '../../../src/server/documents/qr.ts';
import type { BookingView, PassengerView } from '../../../src/server/services/booking-view.ts';
import { batamHarbourFrontLegs } from '../../factories/booking-view.ts';

const site = { siteUrl: 'https://segaraferry.example/' };
const tariff = (ticket: number, terminalFee: number, surcharge: number) => ({
  ticket: { adult: ticket, child: ticket - 100_000, infant: 50_000 },
  terminalFee: { adult: terminalFee, child: terminalFee, infant: 0 },
  surcharge: { adult: surcharge, child: surcharge, infant: 0 },
});

const passenger = (position: number, overrides: Partial<PassengerView>): PassengerView => ({
  position,
  category: 'adult',
  fullName: 'Siti Rahmawati',
  passportNumber: 'C1234567',
  passportIssued: '2022-03-01',
  passportExpiry: '2032-03-01',
  passportCountry: 'ID',
  tickets: [],
  ...overrides,
});

/** A paid two-way booking, Batam Centre -> HarbourFront and back, an adult and an infant. */
function twoWay(locale: Locale): BookingView {
  const paidAt = new Date('2026-11-01T03:00:00Z');
  return {
    id: 'b'.repeat(32),
    code: 'K7M2QX',
    status: 'paid',
    trip: 'two_way',
    locale,
    party: { adult: 1, child: 0, infant: 1 },
    expiresAt: null,
    paidAt,
    createdAt: paidAt,
    price: priceBooking(
      [tariff(480_000, 60_000, 25_000), tariff(520_000, 0, 30_000)],
      { adult: 1, child: 0, infant: 1 },
      7_500,
    ),
    legs: batamHarbourFrontLegs(
      { date: '2026-11-21', departs: '08:30', arrives: '10:15', operator: 'Selat Express' },
      { date: '2026-11-23', departs: '18:00', arrives: '18:45', operator: 'Majestic Fast Ferry' },
    ),
    contact: { fullName: 'Siti Rahmawati', email: 'siti@example.com', phone: '+6281234567890' },
    passengers: [
      passenger(0, {
        eTicketNumber: 'ET26110100012',
        tickets: [
          { leg: 0, segment: 0, ticketNumber: 'TK2611010001', status: 'active', counterFee: 0 },
          { leg: 1, segment: 0, ticketNumber: 'TK2611010002', status: 'active', counterFee: 0 },
        ],
      }),
      passenger(1, {
        category: 'infant',
        fullName: 'Zoë Ñúñez-Łukasz 王',
        passportNumber: 'X9876543',
        eTicketNumber: 'ET26110100013',
        tickets: [
          { leg: 0, segment: 0, ticketNumber: 'TK2611010003', status: 'active', counterFee: 0 },
          { leg: 1, segment: 0, ticketNumber: 'TK2611010004', status: 'active', counterFee: 0 },
        ],
      }),
    ],
    refundsQueued: 0,
    refunds: [],
  };
}

/** A paid open ticket: no sailing yet. */
function openTicket(locale: Locale): BookingView {
  const base = twoWay(locale);
  const [first] = base.legs;
  if (!first) throw new Error('fixture');
  return {
    ...base,
    code: 'P3RW9Z',
    trip: 'open',
    party: { adult: 1, child: 0, infant: 0 },
    price: priceBooking([tariff(480_000, 60_000, 25_000)], { adult: 1, child: 0, infant: 0 }, 7_500),
    legs: [
      {
        leg: 0,
        segment: 0,
        routeId: 'btc-hfc',
        operatorCode: 'SEX',
        sailingCancelled: false,
        fromCode: first.fromCode,
        toCode: first.toCode,
        from: first.from,
        to: first.to,
        operator: first.operator,
      },
    ],
    passengers: [
      passenger(0, {
        eTicketNumber: 'ET26110100020',
        tickets: [{ leg: 0, segment: 0, ticketNumber: 'TK2611010020', status: 'active', counterFee: 0 }],
      }),
    ],
  };
}

const textOf = (view: BookingView) =>
  eTicketPages(view, site).map((page) => eTicketPageLines(page).join('\n'));

describe('e-ticket PDF', () => {
  it('renders one page per passenger with the booking in its metadata', async () => {
    const bytes = await renderETicketPdf(twoWay('en'), site);
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getTitle()).toBe('E-ticket K7M2QX');
    expect(pdf.getAuthor()).toBe('Segara Ferry');
    const id = await PDFDocument.load(await renderETicketPdf(openTicket('id'), site), {
      updateMetadata: false,
    });
    expect(id.getPageCount()).toBe(1);
    expect(id.getTitle()).toBe('E-tiket P3RW9Z');
  });

  it('encodes the booking code, e-ticket number and ticket numbers in the QR payload', () => {
    expect(eTicketQrPayload('K7M2QX', 'ET1', ['TK1', 'TK2'])).toBe('SEGARA|K7M2QX|ET1|TK1,TK2');
    expect(eTicketPages(twoWay('en'), site).map((page) => page.qrPayload)).toEqual([
      'SEGARA|K7M2QX|ET26110100012|TK2611010001,TK2611010002',
      'SEGARA|K7M2QX|ET26110100013|TK2611010003,TK2611010004',
    ]);
  });

  it('says everything a traveller needs, in English', () => {
    const [adult, infant] = textOf(twoWay('en'));
    for (const text of [adult, infant]) {
      expect(text).toContain('Segara Ferry');
      expect(text).toContain('E-TICKET');
      expect(text).toContain('Booking code: K7M2QX');
      expect(text).toContain('Outbound: Batam Centre – HarbourFront');
      expect(text).toContain('Departs: Sat 21 Nov 2026, 08:30 WIB');
      expect(text).toContain('Arrives: Sat 21 Nov 2026, 10:15 SGT');
      expect(text).toContain('Departs: Mon 23 Nov 2026, 18:00 SGT');
      expect(text).toContain('Operator: Majestic Fast Ferry');
      expect(text).toContain('Ticket price: IDR 530,000');
      expect(text).toContain('Transaction fee: IDR 7,500');
      expect(text).toContain('Total paid: IDR 1,222,500');
      expect(text).toContain('Free baggage: 20 kg per ticket');
      expect(text).toContain('Baggage check-in closes 1 hour before departure');
      expect(text).toContain('The boarding gate closes 30 minutes before departure');
      expect(text).toContain('https://segaraferry.example/booking/check-order');
    }
    expect(adult).toContain('E-ticket number: ET26110100012');
    expect(adult).toContain('Ticket number: TK2611010002');
    expect(adult).toContain('Category: Adult');
    expect(adult).toContain('Passport number: ••••4567');
    expect(adult).not.toContain('C1234567');
    expect(infant).toContain('Category: Infant');
    expect(infant).toContain('Ticket number: TK2611010003');
    expect(infant).toContain('Passenger: Zoë Ñúñez-Łukasz 王');
  });

  it('says it in Indonesian for an Indonesian booking', () => {
    const [adult] = textOf(twoWay('id'));
    expect(adult).toContain('E-TIKET');
    expect(adult).toContain('Kode booking: K7M2QX');
    expect(adult).toContain('Berangkat: Sab 21 Nov 2026, 08:30 WIB');
    expect(adult).toContain('Pulang: HarbourFront – Batam Centre');
    expect(adult).toContain('Kategori: Dewasa');
    expect(adult).toContain('Harga tiket: Rp 530.000');
    expect(adult).toContain('Total dibayar: Rp 1.222.500');
    expect(adult).toContain('Bagasi gratis: 20 kg per tiket');
    expect(adult).toContain('https://segaraferry.example/id/booking/check-order');
  });

  it('tells an open ticket to choose its sailing at the counter within 3 months', () => {
    const [en] = textOf(openTicket('en'));
    expect(en).toContain(
      'Open ticket: choose a sailing online up to 1 hour before departure, or at the counter; valid 3 months from issue',
    );
    expect(en).toContain('Valid until: 1 February 2027');
    expect(en).toContain('Ticket number: TK2611010020');
    expect(en).not.toContain('Departs:');
    const [id] = textOf(openTicket('id'));
    expect(id).toContain(
      'Tiket terbuka: pilih jadwal kapal secara online paling lambat 1 jam sebelum keberangkatan, atau di loket; berlaku 3 bulan sejak diterbitkan',
    );
    expect(id).toContain('Berlaku sampai: 1 Februari 2027');
  });

  it('refuses a booking whose tickets are not issued', () => {
    const view = twoWay('en');
    const unpaid = {
      ...view,
      passengers: view.passengers.map((p) => {
        const copy = { ...p };
        delete copy.eTicketNumber;
        return copy;
      }),
    };
    expect(() => eTicketPages(unpaid, site)).toThrow(/no e-ticket/);
  });

  it('masks all but the last 4 characters of a passport number', () => {
    expect(maskPassport('A1234567')).toBe('••••4567');
    expect(maskPassport('1234')).toBe('1234');
  });

  it('leaves the passport line out once the passport was erased, 90 days after travel', () => {
    const booking = twoWay('en');
    const erased = {
      ...booking,
      passengers: booking.passengers.map((p) => ({
        ...p,
        passportNumber: null,
        passportIssued: null,
        passportExpiry: null,
      })),
    };
    const labels = eTicketPages(erased, site)[0]?.fields.map((field) => field.label);
    expect(labels).toContain('Passenger');
    expect(labels).not.toContain('Passport number');
    expect(eTicketPages(booking, site)[0]?.fields.map((field) => field.label)).toContain('Passport number');
  });
});

describe('text for the standard PDF fonts', () => {
  it('keeps what WinAnsi encodes and replaces the rest instead of throwing', async () => {
    expect(safeText('Zoë Ñúñez-Łukasz 王')).toBe('Zoë Ñúñez-Lukasz ?');
    expect(safeText('Batam → Singapore')).toBe('Batam > Singapore');
    expect(safeText('Rp\u00a01.234.000 08.30\u202fWIB')).toBe('Rp 1.234.000 08.30 WIB');
    expect(safeText('Đặng Ngọc Ánh 🚢')).toBe('Dang Ngoc Ánh ?');
    expect(safeText('E\u0301mile – “quoted” €5')).toBe('Émile – “quoted” €5');
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    expect(() => font.widthOfTextAtSize('Łukasz 王', 10)).toThrow();
    expect(() => font.widthOfTextAtSize(safeText('Łukasz 王 → 🚢\u202f'), 10)).not.toThrow();
  });

  it('wraps long text within the width, cutting a word only when it alone is too wide', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const name = 'Maria Fernanda Concepción de los Ángeles Wiryawan-Hadiningrat Łukasz 王';
    const lines = wrapText(name, font, 10, 120);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(120);
    expect(lines.join(' ')).toBe(safeText(name));
    const long = wrapText('X'.repeat(80), font, 10, 100);
    expect(long.length).toBeGreaterThan(1);
    expect(long.join('')).toBe('X'.repeat(80));
    expect(wrapText('', font, 10, 100)).toEqual(['']);
  });

  it('draws a page for a passenger with a very long name and no Latin script at all', async () => {
    const view = twoWay('id');
    const long = {
      ...view,
      passengers: view.passengers.map((p) => ({ ...p, fullName: `${'Ngurah '.repeat(12)}王小明` })),
    };
    const pdf = await PDFDocument.load(await renderETicketPdf(long, site));
    expect(pdf.getPageCount()).toBe(2);
  });
});
