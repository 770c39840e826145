import { describe, expect, it } from 'vitest';
import type { PriceComponents } from '../../../src/domain/pricing.ts';
import type { Locale } from '../../../src/i18n/locales.ts';
import {
  bookingCreatedMail,
  bookingExpiredMail,
  bookingPaidMail,
  latePaymentRefundMail,
} from '../../../src/server/mail/booking-mails.ts';
import { escapeHtml } from '../../../src/server/mail/mail-layout.ts';
import { Network } from '../../../src/server/network.ts';
import { tripCard } from '../../../src/server/views/trip-card.ts';
import type { BookingView, PassengerView, PaymentView } from '../../../src/server/services/booking-view.ts';
import { batamHarbourFrontLegs } from '../../factories/booking-view.ts';

const links = { siteUrl: 'https://segaraferry.example' };
const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
const network = new Network();
/** The paid mail as the mail job composes it: with the booking's trip card in its own language. */
const paidMail = (view: BookingView) =>
  bookingPaidMail(view, links, pdf, tripCard(view, network, view.locale));

const components = (ticket: number, terminalFee: number, surcharge: number): PriceComponents => ({
  ticket,
  terminalFee,
  surcharge,
  total: ticket + terminalFee + surcharge,
});
const legPrice = (subtotal: PriceComponents) => ({
  perPassenger: { adult: subtotal, child: subtotal, infant: components(0, 0, 0) },
  subtotal,
});

/** A passenger; with ticket numbers (one per leg) once the booking is paid, and then an e-ticket number too. */
const passenger = (position: number, fullName: string, tickets: string[] = []): PassengerView => ({
  position,
  category: position === 0 ? 'adult' : 'child',
  fullName,
  passportNumber: `X${String(position)}234567`,
  passportIssued: '2022-01-10',
  passportExpiry: '2032-01-09',
  passportCountry: 'ID',
  ...(tickets.length > 0 ? { eTicketNumber: `ET-K7M4QX-${String(position + 1)}` } : {}),
  tickets: tickets.map((ticketNumber, leg) => ({
    leg,
    segment: 0,
    ticketNumber,
    status: 'active',
    counterFee: 0,
  })),
});

const mandiriPayment: PaymentView = {
  kind: 'virtual_account',
  method: 'mandiri',
  bank: 'mandiri',
  accountNumber: '912345678901',
  billerCode: '88908',
  amount: 864_500,
  status: 'pending',
  expiresAt: new Date('2026-11-20T03:40:00Z'),
  gateway: 'sandbox',
};

/** A paid two-way booking: Batam Centre (WIB) to HarbourFront (SGT) and back; a passenger named like markup. */
function paidTwoWay(locale: Locale): BookingView {
  return {
    id: 'bk_8f3a9c2e7d1b4a6f9e0c2d4b',
    code: 'K7M4QX',
    status: 'paid',
    trip: 'two_way',
    locale,
    party: { adult: 1, child: 1, infant: 0 },
    expiresAt: null,
    paidAt: new Date('2026-11-20T03:12:00Z'),
    createdAt: new Date('2026-11-20T02:40:00Z'),
    price: {
      legs: [legPrice(components(700_000, 120_000, 40_000)), legPrice(components(680_000, 0, 30_000))],
      transactionFee: 4_500,
      total: 1_574_500,
    },
    legs: batamHarbourFrontLegs(
      { date: '2026-11-21', departs: '09:00', arrives: '10:50', operator: 'Majestic Fast Ferry' },
      { date: '2026-11-24', departs: '18:30', arrives: '18:20', operator: 'Majestic Fast Ferry' },
    ),
    contact: { fullName: 'Siti Rahma', email: 'siti@example.com', phone: '+6281234567890' },
    passengers: [
      passenger(0, 'Siti Rahma', ['TK-0001-A', 'TK-0001-B']),
      passenger(1, '<script>alert("x")</script> & Co', ['TK-0002-A', 'TK-0002-B']),
    ],
    payment: {
      kind: 'virtual_account',
      method: 'bni',
      bank: 'bni',
      accountNumber: '8808123456789012',
      amount: 1_574_500,
      status: 'paid',
      expiresAt: new Date('2026-11-20T03:40:00Z'),
      paidAt: new Date('2026-11-20T03:12:00Z'),
      gateway: 'sandbox',
    },
    refundsQueued: 0,
    refunds: [],
  };
}

/** Awaiting payment by Mandiri bill payment: biller code + bill key, deadline 10:40 WIB. */
function mandiriAwaiting(locale: Locale): BookingView {
  const view = paidTwoWay(locale);
  return {
    ...view,
    code: 'P3W9RT',
    status: 'awaiting_payment',
    trip: 'one_way',
    paidAt: null,
    expiresAt: new Date('2026-11-20T03:40:00Z'),
    legs: view.legs.slice(0, 1),
    price: { ...view.price, legs: view.price.legs.slice(0, 1), total: 864_500 },
    passengers: view.passengers.map((p) => passenger(p.position, p.fullName)),
    payment: mandiriPayment,
  };
}

function expired(locale: Locale): BookingView {
  const view = mandiriAwaiting(locale);
  return { ...view, code: 'Z9X8W7', status: 'expired', payment: { ...mandiriPayment, status: 'expired' } };
}

describe.each(['en', 'id'] as const)('booking mails in %s', (locale) => {
  const prefix = locale === 'id' ? '/id' : '';

  it('asks for payment with the VA details, the exact amount and the WIB deadline', () => {
    const mail = bookingCreatedMail(mandiriAwaiting(locale), links);
    expect(mail.subject).toContain('P3W9RT');
    expect(mail.subject).toBe(
      locale === 'en'
        ? 'Complete your payment - booking P3W9RT'
        : 'Selesaikan pembayaran Anda - pesanan P3W9RT',
    );
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('88908');
      expect(part).toContain('912345678901');
      expect(part).toContain('Multi Payment');
      expect(part).toContain(locale === 'en' ? 'IDR 864,500' : 'Rp 864.500');
      // 03:40 UTC is 10:40 in Batam.
      expect(part).toContain(
        locale === 'en' ? '20 November 2026, 10:40 WIB' : '20 November 2026, pukul 10:40 WIB',
      );
      expect(part).toContain(
        `https://segaraferry.example${prefix}/booking/bk_8f3a9c2e7d1b4a6f9e0c2d4b/payment`,
      );
      expect(part).toContain('Batam Centre');
    }
    expect(mail.text).toContain(locale === 'en' ? 'seats go back on sale' : 'kursinya dijual kembali');
    expect(mail.attachments).toBeUndefined();
  });

  it('names a plain virtual account for the other banks', () => {
    const payment: PaymentView = {
      kind: 'virtual_account',
      method: 'bri',
      bank: 'bri',
      accountNumber: '2626123456789',
      amount: mandiriPayment.amount,
      status: mandiriPayment.status,
      expiresAt: mandiriPayment.expiresAt,
      gateway: 'sandbox',
    };
    const mail = bookingCreatedMail({ ...mandiriAwaiting(locale), payment }, links);
    expect(mail.text).toContain(locale === 'en' ? 'BRI Virtual Account' : 'Virtual Account BRI');
    expect(mail.text).toContain('2626123456789');
    expect(mail.text).not.toContain('Multi Payment');
  });

  it('sends the e-tickets with every ticket number, local times and the price', () => {
    const mail = paidMail(paidTwoWay(locale));
    expect(mail.subject).toBe(
      locale === 'en' ? 'Your e-tickets - booking K7M4QX' : 'E-tiket Anda - pesanan K7M4QX',
    );
    expect(mail.attachments).toEqual([
      { filename: 'e-ticket-K7M4QX.pdf', content: pdf, contentType: 'application/pdf' },
    ]);
    for (const part of [mail.text, mail.html]) {
      for (const number of ['ET-K7M4QX-1', 'ET-K7M4QX-2', 'TK-0001-A', 'TK-0001-B', 'TK-0002-A', 'TK-0002-B'])
        expect(part).toContain(number);
      expect(part).toMatch(/21 November 2026, (pukul )?09:00 WIB/);
      expect(part).toMatch(/24 November 2026, (pukul )?18:30 SGT/);
      expect(part).toContain(locale === 'en' ? 'IDR 1,574,500' : 'Rp 1.574.500');
      expect(part).toContain(locale === 'en' ? 'IDR 120,000' : 'Rp 120.000');
      expect(part).toContain('20 kg');
      expect(part).toContain(`https://segaraferry.example${prefix}/booking/check-order`);
      expect(part).toContain('siti@example.com');
    }
    expect(mail.text).toContain(locale === 'en' ? 'Terminal fee' : 'Biaya pelabuhan');
    expect(mail.text).toContain(
      locale === 'en'
        ? 'Ticket number (HarbourFront → Batam Centre, Tue 24 Nov 2026, 18:30 SGT): TK-0002-B'
        : 'Nomor tiket (HarbourFront → Batam Centre, Sel 24 Nov 2026, 18:30 SGT): TK-0002-B',
    );
  });

  it('escapes every value in the HTML part, and keeps it as written in the text part', () => {
    const mail = paidMail(paidTwoWay(locale));
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(mail.text).toContain('<script>alert("x")</script> & Co');
    expect(mail.html).toContain(`<html lang="${locale}">`);
  });

  it('says an unpaid booking expired and links to a new search', () => {
    const mail = bookingExpiredMail(expired(locale), links);
    expect(mail.subject).toBe(
      locale === 'en' ? 'Booking Z9X8W7 has expired' : 'Pesanan Z9X8W7 telah kedaluwarsa',
    );
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Z9X8W7');
      expect(part).toMatch(/20 November 2026, (pukul )?10:40 WIB/);
      expect(part).toContain(`https://segaraferry.example${prefix}/booking/schedule`);
      expect(part).toContain(locale === 'en' ? 'released' : 'dilepas');
    }
  });

  it('tells a traveller whose late payment could not be honoured what happened, how much and when', () => {
    const mail = latePaymentRefundMail({ ...expired(locale), refundsQueued: 864_500 }, links);
    expect(mail.subject).toBe(
      locale === 'en'
        ? 'Booking Z9X8W7: your payment will be refunded'
        : 'Pesanan Z9X8W7: pembayaran Anda akan dikembalikan',
    );
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(locale === 'en' ? 'IDR 864,500' : 'Rp 864.500');
      expect(part).toContain(locale === 'en' ? '7 working days' : '7 hari kerja');
      expect(part).toContain(locale === 'en' ? 'sold to other travellers' : 'terjual kepada penumpang lain');
      expect(part).toContain(`https://segaraferry.example${prefix}/booking/schedule`);
    }
  });
});

describe('escapeHtml', () => {
  it('turns markup characters into entities', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
