import { describe, expect, it } from 'vitest';
import type { PriceComponents } from '../../../src/domain/pricing.ts';
import type { Locale } from '../../../src/i18n/locales.ts';
import { agencyCounters, agencyOffice } from '../../../src/server/agency-contacts.ts';
import {
  bookingCreatedMail,
  bookingExpiredMail,
  bookingPaidMail,
  latePaymentRefundMail,
} from '../../../src/server/mail/booking-mails.ts';
import { Network } from '../../../src/server/network.ts';
import { legEvent } from '../../../src/server/http/pages/leg-calendar.ts';
import { calendarLeg, formatClock, tripCard } from '../../../src/server/views/trip-card.ts';
import type { BookingView } from '../../../src/server/services/booking-view.ts';
import { batamHarbourFrontLegs } from '../../factories/booking-view.ts';

const network = new Network();
const siteUrl = 'https://segaraferry.example';
const zero: PriceComponents = { ticket: 0, terminalFee: 0, surcharge: 0, total: 0 };
const legPrice = { perPassenger: { adult: zero, child: zero, infant: zero }, subtotal: zero };

/** Paid two way: Batam Centre 06:00 WIB (23:00 UTC the day before) to HarbourFront, back from HarbourFront 18:30 SGT. */
function paid(locale: Locale): BookingView {
  return {
    id: 'bk_8f3a9c2e7d1b4a6f9e0c2d4b',
    code: 'K7M4QX',
    status: 'paid',
    trip: 'two_way',
    locale,
    party: { adult: 1, child: 0, infant: 0 },
    expiresAt: null,
    paidAt: new Date('2026-11-20T03:12:00Z'),
    createdAt: new Date('2026-11-20T02:40:00Z'),
    price: { legs: [legPrice, legPrice], transactionFee: 0, total: 0 },
    legs: batamHarbourFrontLegs(
      { date: '2026-11-22', departs: '06:00', arrives: '08:00', operator: 'Selat Express' },
      { date: '2026-11-24', departs: '18:30', arrives: '18:30', operator: 'Marina Line' },
    ),
    contact: { fullName: 'Siti Rahma', email: 'siti@example.com', phone: '+6281234567890' },
    passengers: [],
    refundsQueued: 0,
    refunds: [],
  };
}

/** An open ticket from Puteri Harbour to Harbour Bay: no sailing yet, and no agency counter at Puteri Harbour. */
function openTicket(locale: Locale): BookingView {
  const view = paid(locale);
  return {
    ...view,
    trip: 'open',
    price: { ...view.price, legs: [legPrice] },
    legs: [
      {
        leg: 0,
        segment: 0,
        routeId: 'pth-hbb',
        operatorCode: 'SEX',
        sailingCancelled: false,
        fromCode: 'PTH',
        toCode: 'HBB',
        from: 'Puteri Harbour',
        to: 'Harbour Bay',
        operator: 'Johor Straits Ferry',
      },
    ],
  };
}

/** The agency's counter at Batam Centre as each language writes it (src/content/contacts.json). */
const counter7 = {
  en: 'Counter 7, departure hall level 1, Jl. Duyung, Batam Centre, Batam 29461',
  id: 'Loket 7, ruang keberangkatan lantai 1, Jl. Duyung, Batam Centre, Batam 29461',
};

describe.each(['en', 'id'] as const)('the trip card in %s', (locale) => {
  const prefix = locale === 'id' ? '/id' : '';

  it('gives each leg its date and port-local times, with check-in 1 hour and the gate 30 minutes before', () => {
    const card = tripCard(paid(locale), network, locale);
    expect(card.eTicketPath).toBe(`${prefix}/booking/bk_8f3a9c2e7d1b4a6f9e0c2d4b/e-ticket.pdf`);
    const [out, back] = card.legs;
    expect(out?.title).toBe(locale === 'en' ? 'Outbound' : 'Pergi');
    expect(back?.title).toBe(locale === 'en' ? 'Return' : 'Pulang');
    expect(out?.sailing).toMatchObject({
      departsAt: new Date('2026-11-21T23:00:00Z'),
      arrivesAt: new Date('2026-11-22T00:00:00Z'),
      date: '22 November 2026',
      departure: { time: '06:00', zone: 'WIB' },
      arrival: { time: '08:00', zone: 'SGT' },
      checkInCloses: { time: '05:00', zone: 'WIB' },
      gateCloses: { time: '05:30', zone: 'WIB' },
      calendarPath: `${prefix}/booking/bk_8f3a9c2e7d1b4a6f9e0c2d4b/leg-1.ics`,
    });
    expect(back?.sailing && formatClock(back.sailing.checkInCloses)).toBe('17:30 SGT');
    expect(back?.sailing && formatClock(back.sailing.gateCloses)).toBe('18:00 SGT');
    expect(back?.sailing?.calendarPath).toBe(`${prefix}/booking/bk_8f3a9c2e7d1b4a6f9e0c2d4b/leg-2.ics`);
  });

  it("names the departure terminal, its address, the agency's counter there and a map search for it", () => {
    const [out, back] = tripCard(paid(locale), network, locale).legs;
    expect(out?.terminal).toEqual({
      name: 'Batam Centre',
      address: 'Jl. Duyung, Teluk Tering, Batam Kota, Batam 29461, Indonesia',
      counter: {
        address: counter7[locale],
        phone: '+62 778 470 2006',
      },
      mapUrl:
        'https://www.google.com/maps/search/?api=1&query=Batam%20Centre%2C%20Jl.%20Duyung%2C%20Teluk%20Tering%2C%20Batam%20Kota%2C%20Batam%2029461%2C%20Indonesia',
    });
    expect(back?.terminal.counter?.address).toContain('1 Maritime Square');
  });

  it('shows an open ticket its route and how long it is valid, with no times and no calendar file', () => {
    const card = tripCard(openTicket(locale), network, locale);
    const [leg] = card.legs;
    expect(leg?.title).toBe(locale === 'en' ? 'Open ticket' : 'Tiket terbuka');
    expect(leg?.sailing).toBeUndefined();
    // Issued 20 Nov 2026 (Batam): valid 3 months.
    expect(leg?.validUntil).toBe(locale === 'en' ? '20 February 2027' : '20 Februari 2027');
    expect(leg?.terminal.counter).toBeUndefined();
    expect(calendarLeg(card, 1)).toBeUndefined();
  });

  it('puts the card, with absolute links, in the paid mail, in its text and its HTML', () => {
    const view = paid(locale);
    const mail = bookingPaidMail(view, { siteUrl }, new Uint8Array([1]), tripCard(view, network, locale));
    for (const part of [mail.text, mail.html]) {
      expect(part.toLowerCase()).toContain(locale === 'en' ? 'your trip' : 'perjalanan anda');
      expect(part).toMatch(/22 November 2026, (pukul )?06:00 WIB/);
      expect(part).toContain('08:00 SGT');
      expect(part).toContain('05:00 WIB');
      expect(part).toContain('05:30 WIB');
      expect(part).toContain('17:30 SGT');
      expect(part).toContain(counter7[locale]);
      expect(part).toContain(`${siteUrl}${prefix}/booking/bk_8f3a9c2e7d1b4a6f9e0c2d4b/leg-1.ics`);
      expect(part).toContain(`${siteUrl}${prefix}/booking/bk_8f3a9c2e7d1b4a6f9e0c2d4b/leg-2.ics`);
      expect(part).toContain(`${siteUrl}${prefix}/booking/bk_8f3a9c2e7d1b4a6f9e0c2d4b/e-ticket.pdf`);
    }
    expect(mail.text).toContain(
      locale === 'en' ? 'Check-in closes: 05:00 WIB' : 'Check-in ditutup: 05:00 WIB',
    );
    expect(mail.text).toContain(
      locale === 'en' ? 'Boarding gate closes: 05:30 WIB' : 'Pintu boarding ditutup: 05:30 WIB',
    );
    expect(mail.html).toContain('https://www.google.com/maps/search/?api=1&amp;query=Batam%20Centre');
  });

  it("closes every mail with the agency's phone and WhatsApp, WhatsApp opening on the booking code", () => {
    const office = agencyOffice();
    const view = paid(locale);
    const payment = {
      kind: 'virtual_account' as const,
      method: 'bni' as const,
      bank: 'bni' as const,
      accountNumber: '8808123456789012',
      amount: 1,
      status: 'pending' as const,
      expiresAt: new Date('2026-11-20T03:40:00Z'),
      gateway: 'sandbox' as const,
    };
    const mails = [
      bookingCreatedMail({ ...view, status: 'awaiting_payment', payment }, { siteUrl }),
      bookingPaidMail(view, { siteUrl }, new Uint8Array([1]), tripCard(view, network, locale)),
      bookingExpiredMail({ ...view, status: 'expired' }, { siteUrl }),
      latePaymentRefundMail({ ...view, status: 'expired', refundsQueued: 1 }, { siteUrl }),
    ];
    for (const mail of mails) {
      expect(mail.text).toContain(`${locale === 'en' ? 'Phone' : 'Telepon'}: ${office.phone}`);
      expect(mail.text).toContain(`WhatsApp: ${office.whatsapp ?? 'missing'}`);
      expect(mail.html).toContain('href="tel:+627784702005"');
      expect(mail.html).toContain('href="https://wa.me/6281177002005?text=');
      expect(mail.html).toContain('K7M4QX.');
    }
  });

  it('describes a leg as a calendar event: departure to arrival, the deadlines and the code in its text', () => {
    const card = tripCard(paid(locale), network, locale);
    const leg = calendarLeg(card, 1);
    if (!leg) throw new Error('the first leg has a sailing');
    const event = legEvent(leg, 'K7M4QX', { locale, siteUrl, now: new Date('2026-11-20T04:00:00Z') });
    expect(event.uid).toBe('K7M4QX-leg-1@segaraferry.example');
    expect(event.start.toISOString()).toBe('2026-11-21T23:00:00.000Z');
    expect(event.end.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(event.summary).toBe(
      `${locale === 'en' ? 'Ferry' : 'Kapal feri'} Batam Centre → HarbourFront (K7M4QX)`,
    );
    expect(event.location).toBe(`Batam Centre, ${counter7[locale]}`);
    expect(event.description).toEqual(
      expect.arrayContaining([
        locale === 'en' ? 'Booking code: K7M4QX' : 'Kode booking: K7M4QX',
        locale === 'en' ? 'Check-in closes: 05:00 WIB' : 'Check-in ditutup: 05:00 WIB',
        locale === 'en' ? 'Boarding gate closes: 05:30 WIB' : 'Pintu boarding ditutup: 05:30 WIB',
      ]),
    );
    expect(event.url).toBe(`${siteUrl}${prefix}/booking/check-order`);
    expect(event.alarm?.minutesBefore).toBe(120);
  });
});

describe('agency counters', () => {
  it('each stands at a terminal of the network, named by its code', () => {
    for (const counter of agencyCounters()) expect(network.terminal(counter.id.toUpperCase())).toBeDefined();
  });
});
