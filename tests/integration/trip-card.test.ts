import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyOffice } from '../../src/server/agency-contacts.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import { payments } from '../../src/server/db/schema/payments.ts';
import { deliverMails } from '../../src/server/jobs/deliver-mails.ts';
import type { MailMessage } from '../../src/server/mail/transport.ts';
import { Network } from '../../src/server/network.ts';
import { legCalendarResponse } from '../../src/server/http/pages/leg-calendar.ts';
import { tripCard } from '../../src/server/views/trip-card.ts';
import { bookingView } from '../../src/server/services/booking-view.ts';
import { testApp, testDeps } from '../support/app.ts';
import { bookingReadyToPay, paidCallbackBody, pay, sandboxCallback } from '../support/booking-flow.ts';
import { pglite, seeded } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const now = new Date('2026-11-21T10:00:00Z');
const network = new Network();
/** Unfolded iCalendar lines (RFC 5545 3.1). */
const icsLines = async (response: Response) => (await response.text()).replaceAll('\r\n ', '').split('\r\n');

describe('the trip card of a paid Batam Centre -> HarbourFront booking', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let app: ReturnType<typeof testApp>;
  let paid: { id: string; code: string };
  let unpaid: { id: string; code: string };
  const sent: MailMessage[] = [];

  const payNow = async (id: string) => {
    await pay(app, id);
    const [payment] = await handle.db.select().from(payments).where(eq(payments.bookingId, id));
    const answer = await sandboxCallback(app, paidCallbackBody(payment, now), { now });
    expect(answer.status).toBe(200);
  };

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await pglite.create(), now, 30));
    app = testApp(handle.db, now);
    // The first sailing of Wednesday 25 November: 06:00 in Batam (WIB, UTC+7), that is 23:00 UTC the day before,
    // arriving 08:00 in Singapore (SGT, UTC+8) an hour later.
    paid = await bookingReadyToPay(app, { date: '2026-11-25' });
    unpaid = await bookingReadyToPay(app, { date: '2026-11-25' });
    await payNow(paid.id);
  });
  afterAll(() => drop());

  it.each([
    ['en', '25 November 2026', ''],
    ['id', '25 November 2026', '/id'],
  ] as const)(
    'shows in %s the Batam date and clock, the Singapore arrival and both deadlines',
    async (locale, date, prefix) => {
      const view = await bookingView(handle.db, network, paid.id, locale);
      if (!view) throw new Error('booking not found');
      const [leg] = tripCard(view, network, locale).legs;
      expect(leg?.sailing).toMatchObject({
        departsAt: new Date('2026-11-24T23:00:00Z'),
        arrivesAt: new Date('2026-11-25T00:00:00Z'),
        date,
        departure: { time: '06:00', zone: 'WIB' },
        arrival: { time: '08:00', zone: 'SGT' },
        checkInCloses: { time: '05:00', zone: 'WIB' },
        gateCloses: { time: '05:30', zone: 'WIB' },
        calendarPath: `${prefix}/booking/${paid.id}/leg-1.ics`,
      });
      expect(leg?.terminal.counter?.address).toContain(locale === 'en' ? 'Counter 7' : 'Loket 7');
    },
  );

  it('answers the leg as a calendar file, in UTC, with the deadlines in Batam time', async () => {
    const response = await legCalendarResponse(testDeps(handle.db, now), paid.id, '1', 'en');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="segara-ferry-${paid.code}-leg-1.ics"`,
    );
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const lines = await icsLines(response);
    expect(lines).toContain(`UID:${paid.code}-leg-1@localhost:4321`);
    expect(lines).toContain('DTSTAMP:20261121T100000Z');
    expect(lines).toContain('DTSTART:20261124T230000Z');
    expect(lines).toContain('DTEND:20261125T000000Z');
    expect(lines).toContain(`SUMMARY:Ferry Batam Centre → HarbourFront Centre (${paid.code})`);
    const description = lines.find((line) => line.startsWith('DESCRIPTION:Booking code'));
    expect(description).toContain('Check-in closes: 05:00 WIB\\nBoarding gate closes: 05:30 WIB');
  });

  it('answers in the language of the address', async () => {
    const lines = await icsLines(await legCalendarResponse(testDeps(handle.db, now), paid.id, '1', 'id'));
    expect(lines).toContain(`SUMMARY:Kapal feri Batam Centre → HarbourFront Centre (${paid.code})`);
    expect(lines.join('\n')).toContain('Check-in ditutup: 05:00 WIB');
  });

  it.each([
    ['an unpaid booking', () => unpaid.id, '1'],
    ['a leg the booking does not have', () => paid.id, '2'],
    ['leg 0', () => paid.id, '0'],
    ['a leg that is no number', () => paid.id, '1x'],
    ['an unknown booking', () => 'x'.repeat(24), '1'],
    ['a malformed id', () => '../etc', '1'],
  ])('is not found for %s', async (_, id, leg) => {
    const response = await legCalendarResponse(testDeps(handle.db, now), id(), leg, 'en');
    expect(response.status).toBe(404);
  });

  it("mails the card with its links from SITE_URL and the agency's phone and WhatsApp, in the booking's language", async () => {
    // A second paid booking, made on the Indonesian site: its mail is in Indonesian.
    await handle.db.update(bookings).set({ locale: 'id' }).where(eq(bookings.id, unpaid.id));
    await payNow(unpaid.id);
    const mailer = {
      send: (message: MailMessage) => (sent.push(message), Promise.resolve({ id: String(sent.length) })),
    };
    await deliverMails({ db: handle.db, network, mailer, siteUrl: 'https://segaraferry.example/', now });
    const office = agencyOffice();
    for (const [booking, locale] of [
      [paid, 'en'],
      [unpaid, 'id'],
    ] as const) {
      const mail = sent.find((m) => m.attachments?.length && m.subject.includes(booking.code));
      if (!mail) throw new Error(`no paid mail for ${booking.code}`);
      const prefix = locale === 'id' ? '/id' : '';
      for (const part of [mail.text, mail.html]) {
        expect(part).toMatch(/25 November 2026, (pukul )?06:00 WIB/);
        expect(part).toContain('08:00 SGT');
        expect(part).toContain('05:00 WIB');
        expect(part).toContain('05:30 WIB');
        expect(part).toContain(`https://segaraferry.example${prefix}/booking/${booking.id}/leg-1.ics`);
        expect(part).toContain(`https://segaraferry.example${prefix}/booking/${booking.id}/e-ticket.pdf`);
        expect(part).toContain(office.phone);
        expect(part).toContain(office.whatsapp);
      }
      expect(mail.text).toContain(
        locale === 'en' ? 'Check-in closes: 05:00 WIB' : 'Check-in ditutup: 05:00 WIB',
      );
    }
    // The payment instructions sent before carry the contacts too.
    const instructions = sent.filter((m) => !m.attachments?.length);
    expect(instructions).toHaveLength(2);
    for (const mail of instructions) expect(mail.text).toContain(office.phone);
  });
});
