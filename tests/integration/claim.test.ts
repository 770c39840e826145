import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { sailingsWithSeats } from '../../src/server/db/queries/inventory.ts';
import { sailings } from '../../src/server/db/schema/network.ts';
import { tickets } from '../../src/server/db/schema/payments.ts';
import { expireOpenTickets } from '../../src/server/jobs/expire-open-tickets.ts';
import { cancelSailing } from '../../src/server/use-cases/cancel-sailing.ts';
import { Network } from '../../src/server/network.ts';
import { claimPage } from '../../src/server/views/claim-page.ts';
import { bookingView } from '../../src/server/services/booking-view.ts';
import { testApp } from '../support/app.ts';
import { contact, passenger, payInFull } from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';
import { mailsAbout } from '../support/mail-capture.ts';
import { accessForPath } from '../support/booking-access.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const start = new Date('2026-11-21T10:00:00Z');
const network = new Network();

describe.each(testDatabases)(
  'claiming an open ticket (POST /api/bookings/{id}/claim) on $name',
  (database) => {
    let handle: DatabaseHandle;
    let drop: () => Promise<void>;
    let now = start;
    const clock = () => now;
    let app: ReturnType<typeof testApp>;

    beforeAll(async () => {
      ({ handle, drop } = await seeded(await database.create(), start, 10));
      app = testApp(handle.db, clock);
    });
    afterAll(() => drop());

    const send = (method: string, path: string, body: unknown) =>
      app.request(path, {
        method,
        headers: { 'Content-Type': 'application/json', ...accessForPath(path, now) },
        body: JSON.stringify(body),
      });

    /** A paid open ticket Batam Centre -> HarbourFront with Sindo Ferry (SEX) for `adults`. */
    async function paidOpenTicket(adults = 1) {
      now = start;
      const held = await send('POST', '/api/bookings', {
        trip: 'open',
        from: 'BTC',
        to: 'HFC',
        operator: 'SEX',
        adults,
      });
      const { id, code } = (await held.json()) as { id: string; code: string };
      const people = Array.from({ length: adults }, (_, i) =>
        passenger(`Open Traveller ${String.fromCharCode(65 + i)}`),
      );
      expect((await send('PUT', `/api/bookings/${id}/details`, { contact, passengers: people })).status).toBe(
        204,
      );
      await payInFull(app, handle.db, id, now);
      return { id, code };
    }
    async function sailingsOn(date: string, operator: string) {
      const from = new Date(`${date}T00:00:00+07:00`);
      return handle.db
        .select()
        .from(sailings)
        .where(
          and(
            eq(sailings.routeId, 'btc-hfc'),
            eq(sailings.operatorCode, operator),
            gte(sailings.departsAt, from),
            lt(sailings.departsAt, new Date(from.getTime() + 86_400_000)),
          ),
        )
        .orderBy(asc(sailings.departsAt));
    }
    const taken = async (id: string) => (await sailingsWithSeats(handle.db, [id], now))[0]?.taken ?? -1;
    const claim = (id: string, sailing: string | undefined) =>
      send('POST', `/api/bookings/${id}/claim`, { sailing });

    it('claims a sailing of its operator: the seats count on it, the tickets are claimed, the e-ticket is mailed', async () => {
      const { id, code } = await paidOpenTicket(2);
      const [target] = await sailingsOn('2026-11-24', 'SEX');
      const before = await taken(target?.id ?? '');
      const answer = await claim(id, target?.id);
      expect(answer.status).toBe(200);
      expect(await taken(target?.id ?? '')).toBe(before + 2);
      const view = await bookingView(handle.db, network, id, 'en');
      expect(view?.legs[0]?.departsAt).toBe(target?.departsAt.toISOString());
      expect(view?.passengers.flatMap((p) => p.tickets.map((t) => t.status))).toEqual(['claimed', 'claimed']);
      const mails = await mailsAbout({ db: handle.db, network, now }, code);
      const mail = mails.find((sent) => sent.subject === `Booking ${code}: your sailing is confirmed`);
      expect(mail?.attachments?.map((file) => file.filename)).toEqual([`e-ticket-${code}.pdf`]);
      // Claimed once: a second claim is refused and the seats stay where they are.
      const [other] = await sailingsOn('2026-11-25', 'SEX');
      expect((await claim(id, other?.id)).status).toBe(409);
      expect(await taken(other?.id ?? '')).toBe(await taken(other?.id ?? ''));
    });

    it('refuses another operator, a sailing leaving within the hour (exactly 1 hour is fine) and a full one', async () => {
      const { id } = await paidOpenTicket(2);
      const [majestic] = await sailingsOn('2026-11-24', 'MRL');
      expect((await claim(id, majestic?.id)).status).toBe(422);
      const [soon, next] = await sailingsOn('2026-11-24', 'SEX');
      now = new Date((soon?.departsAt.getTime() ?? 0) - 59 * 60_000);
      const late = await claim(id, soon?.id);
      expect(late.status).toBe(422);
      expect(JSON.stringify(await late.json())).toContain("claim it at the operator's counter");
      await handle.db
        .update(sailings)
        .set({ capacity: (await taken(next?.id ?? '')) + 1 }) // one seat left for a party of two
        .where(eq(sailings.id, next?.id ?? ''));
      expect((await claim(id, next?.id)).status).toBe(409);
      now = new Date((soon?.departsAt.getTime() ?? 0) - 60 * 60_000);
      expect((await claim(id, soon?.id)).status).toBe(200);
    });

    it('refuses a sailing after the ticket expires, expires unclaimed tickets after 3 months, and bad input', async () => {
      const { id } = await paidOpenTicket();
      // Issued on 20 August 2026: valid until 20 November, the day before today.
      await handle.db
        .update(tickets)
        .set({ issuedAt: new Date('2026-08-20T03:00:00Z') })
        .where(eq(tickets.bookingId, id));
      const [sailing] = await sailingsOn('2026-11-24', 'SEX');
      expect((await claim(id, sailing?.id)).status).toBe(422);
      expect(await expireOpenTickets(handle.db, now)).toBeGreaterThanOrEqual(1);
      const view = await bookingView(handle.db, network, id, 'en');
      expect(view?.passengers[0]?.tickets.map((t) => t.status)).toEqual(['expired']);
      expect((await claim(id, sailing?.id)).status).toBe(409);
      expect((await claim(id, 'not-a-sailing')).status).toBe(400);
      expect((await claim('C'.repeat(24), sailing?.id)).status).toBe(404);
      const fresh = await paidOpenTicket();
      expect(await expireOpenTickets(handle.db, now)).toBe(0); // a valid one stays active
      expect((await bookingView(handle.db, network, fresh.id, 'en'))?.passengers[0]?.tickets[0]?.status).toBe(
        'active',
      );
    });

    it("lists the date asked for, naming it, and refuses a date outside the ticket's days at the field", async () => {
      const { id } = await paidOpenTicket();
      const view = await bookingView(handle.db, network, id, 'en');
      if (!view) throw new Error('no booking');
      const context = { db: handle.db, network, now, horizonDays: 120 };
      const page = (date: string, locale: 'en' | 'id' = 'en') =>
        claimPage(context, view, locale, new URLSearchParams({ date }));
      const listed = await page('2026-11-24');
      expect(listed?.date).toEqual({ date: '2026-11-24', dateInWords: 'Tuesday, 24 November 2026' });
      expect(listed?.sailings?.length).toBeGreaterThan(0);
      // Issued today: valid until 21 February 2027. Past it, before today, or not a day: refused, nothing listed,
      // the typed date kept in its field (never today's sailings instead).
      for (const asked of ['2027-03-01', '2026-11-20', '2027-02-30', 'tomorrow', '']) {
        const refused = await page(asked);
        expect(refused?.sailings).toBeUndefined();
        expect(refused?.date.error).toBe('Choose a date from 21 November 2026 to 21 February 2027');
      }
      expect((await page('2027-03-01'))?.date.date).toBe('2027-03-01');
      expect((await page('tomorrow'))?.date.date).toBe('');
      expect((await page('2027-03-01', 'id'))?.date.error).toBe(
        'Pilih tanggal dari 21 November 2026 sampai 21 Februari 2027',
      );
    });

    it('moves a claimed ticket off a sailing the operator cancelled, free', async () => {
      const { id } = await paidOpenTicket();
      const [claimedOn, later] = await sailingsOn('2026-11-26', 'SEX');
      expect((await claim(id, claimedOn?.id)).status).toBe(200);
      expect(await cancelSailing(handle.db, claimedOn?.id ?? '')).toMatchObject({ outcome: 'cancelled' });
      const view = await bookingView(handle.db, network, id, 'en');
      const numbers = view?.passengers.flatMap((p) => p.tickets.map((t) => t.ticketNumber)) ?? [];
      const moved = await send('POST', `/api/bookings/${id}/reschedule`, {
        tickets: numbers,
        sailing: later?.id,
        agree: true,
      });
      expect(moved.status).toBe(200);
      expect(await moved.json()).toMatchObject({ counterFee: 0 });
    });
  },
);
