import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicKeysFromJwkSet } from '../../src/server/boarding-pass/jwk.ts';
import { serverBoardingPassKeys } from '../../src/server/boarding-pass/keys.ts';
import { verifyBoardingPass } from '../../src/server/boarding-pass/signing.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import { tickets } from '../../src/server/db/schema/payments.ts';
import { deliverMails } from '../../src/server/jobs/deliver-mails.ts';
import type { MailMessage } from '../../src/server/mail/transport.ts';
import { Network } from '../../src/server/network.ts';
import { boardingPassOf } from '../../src/server/documents/boarding-pass-of.ts';
import { bookingView, type BookingView } from '../../src/server/services/booking-view.ts';
import { testApp } from '../support/app.ts';
import { bookingReadyToPay, paidBookingView, ticketNumbersOf } from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam: the first sailing of Sunday 22 November leaves within 24 hours.
const start = new Date('2026-11-21T10:00:00Z');
const network = new Network();

describe.each(testDatabases)('online check-in (POST /api/bookings/{id}/check-in) on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let now = start;
  const clock = () => now;
  let app: ReturnType<typeof testApp>;

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), start, 30));
    app = testApp(handle.db, clock);
  });
  afterAll(() => drop());

  /** A paid booking for `adults` on the first sailing of `date`, with its view (tickets, departure). */
  function paidOn(date: string, adults = 2): Promise<BookingView> {
    now = start;
    return paidBookingView(app, handle.db, { date, adults, now });
  }
  const ticketsOf = ticketNumbersOf;
  const checkIn = (id: string, body: unknown, locale = 'en') =>
    app.request(`/api/bookings/${id}/check-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': locale },
      body: JSON.stringify(body),
    });

  it('checks the passengers in and gives each a boarding pass the gate verifies with the published keys', async () => {
    const view = await paidOn('2026-11-22');
    const numbers = ticketsOf(view);
    const answer = await checkIn(view.id, { tickets: numbers });
    expect(answer.status).toBe(200);
    const { tickets: checked } = (await answer.json()) as {
      tickets: { ticketNumber: string; boardingPass: string }[];
    };
    expect(checked.map((t) => t.ticketNumber)).toEqual([...numbers].sort());
    expect(checked[0]?.boardingPass).toBe(
      `/booking/${view.id}/boarding-pass/${checked[0]?.ticketNumber ?? ''}.pdf`,
    );
    const rows = await handle.db.select().from(tickets).where(eq(tickets.bookingId, view.id));
    expect(rows.map((row) => row.status)).toEqual(['checked_in', 'checked_in']);

    const published = (await (await app.request('/api/boarding-pass/keys')).json()) as unknown;
    const fresh = (await bookingView(handle.db, network, view.id, 'en')) ?? view;
    const pass = await boardingPassOf(
      handle.db,
      network,
      fresh,
      numbers[0] ?? '',
      serverBoardingPassKeys().signer,
    );
    const verified = verifyBoardingPass(pass?.qrText ?? '', publicKeysFromJwkSet(published));
    expect(verified.ok && verified.pass.ticketNumber).toBe(numbers[0]);
    expect(verified.ok && verified.pass.departure.toISOString()).toBe(fresh.legs[0]?.departsAt);

    // Checking in again is harmless and gives the very same pass.
    now = new Date(start.getTime() + 30 * 60_000);
    expect((await checkIn(view.id, { tickets: numbers })).status).toBe(200);
    const again = await boardingPassOf(
      handle.db,
      network,
      fresh,
      numbers[0] ?? '',
      serverBoardingPassKeys().signer,
    );
    expect(again).toEqual(pass);
  });

  it('opens 24 hours and closes 1 hour before departure, saying so in the reader language', async () => {
    const early = await paidOn('2026-11-25');
    const refused = await checkIn(early.id, { tickets: ticketsOf(early) }, 'id');
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      errors: { tickets: ['Check-in online dibuka 24 jam sebelum keberangkatan'] },
    });

    const late = await paidOn('2026-11-22');
    const departsAt = Date.parse(late.legs[0]?.departsAt ?? '');
    now = new Date(departsAt - 59 * 60_000);
    const closed = await checkIn(late.id, { tickets: ticketsOf(late) });
    expect(closed.status).toBe(422);
    expect(JSON.stringify(await closed.json())).toContain('closed 1 hour before departure');
    now = new Date(departsAt - 60 * 60_000); // exactly 1 hour before: still open
    expect((await checkIn(late.id, { tickets: ticketsOf(late) })).status).toBe(200);
  });

  it('refuses an unpaid booking, another booking ticket and a request without tickets, changing nothing', async () => {
    now = start;
    const held = await bookingReadyToPay(app, { date: '2026-11-22' });
    const other = await paidOn('2026-11-22', 1);
    expect((await checkIn(held.id, { tickets: ticketsOf(other) })).status).toBe(409);
    const mine = await paidOn('2026-11-22', 1);
    expect((await checkIn(mine.id, { tickets: ticketsOf(other) })).status).toBe(404);
    expect((await checkIn(mine.id, { tickets: [] })).status).toBe(400);
    expect((await checkIn(mine.id, { tickets: ['<script>'] })).status).toBe(400);
    expect((await checkIn('not-a-booking', { tickets: ticketsOf(mine) })).status).toBe(404);
    const rows = await handle.db.select().from(tickets).where(eq(tickets.bookingId, other.id));
    expect(rows.map((row) => row.status)).toEqual(['active']);
  });

  it('emails the boarding passes of a sailing in the booking language, again with all of them when more check in', async () => {
    const view = await paidOn('2026-11-22');
    await handle.db.update(bookings).set({ locale: 'id' }).where(eq(bookings.id, view.id));
    const [first, second] = ticketsOf(view);
    const sent: MailMessage[] = [];
    // Only this booking's boarding-pass mails: the other tests' bookings have mails of their own queued.
    const mailer = {
      send: (message: MailMessage) => {
        if (message.subject.startsWith('Boarding pass') && message.subject.endsWith(view.code))
          sent.push(message);
        return Promise.resolve({ id: String(sent.length) });
      },
    };
    const deliver = async () => {
      while (
        (await deliverMails({
          db: handle.db,
          network,
          mailer,
          siteUrl: 'https://segaraferry.example',
          now,
        })) > 0
      );
    };

    expect((await checkIn(view.id, { tickets: [first] })).status).toBe(200);
    await deliver();
    expect(sent.map((mail) => mail.subject)).toEqual([`Boarding pass Anda - pesanan ${view.code}`]);
    expect(sent[0]?.attachments?.map((file) => file.filename)).toEqual([`boarding-pass-${first ?? ''}.pdf`]);
    expect(sent[0]?.text).toContain('Pintu boarding ditutup');

    expect((await checkIn(view.id, { tickets: [second] })).status).toBe(200);
    await deliver();
    expect(sent[1]?.attachments?.map((file) => file.filename).sort()).toEqual(
      [`boarding-pass-${first ?? ''}.pdf`, `boarding-pass-${second ?? ''}.pdf`].sort(),
    );
    await deliver(); // nothing new: nothing sent
    expect(sent).toHaveLength(2);
  });

  it('gives one check-in, and one boarding pass, to ten requests for the same ticket at once', async () => {
    const view = await paidOn('2026-11-22', 1);
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () => checkIn(view.id, { tickets: ticketsOf(view) })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const times = await Promise.all(
      answers.map(
        async (answer) =>
          ((await answer.json()) as { tickets: { checkedInAt: string }[] }).tickets[0]?.checkedInAt,
      ),
    );
    expect(new Set(times).size).toBe(1);
  });
});
