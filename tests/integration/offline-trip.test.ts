import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicKeysFromJwkSet } from '../../src/server/boarding-pass/jwk.ts';
import { verifyBoardingPass } from '../../src/server/boarding-pass/signing.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { tickets } from '../../src/server/db/schema/payments.ts';
import type { OfflineTrip } from '../../src/server/documents/offline-trip.ts';
import { testApp } from '../support/app.ts';
import { bookingReadyToPay, contact, paidBookingView, ticketNumbersOf } from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam: the first sailing of Sunday 22 November leaves within 24 hours.
const start = new Date('2026-11-21T10:00:00Z');
const DAY_MS = 86_400_000;

describe.each(testDatabases)(
  'a booking as a phone keeps it (GET /api/bookings/{id}/trip) on $name',
  (database) => {
    let handle: DatabaseHandle;
    let drop: () => Promise<void>;
    let app: ReturnType<typeof testApp>;

    beforeAll(async () => {
      ({ handle, drop } = await seeded(await database.create(), start, 30));
      app = testApp(handle.db, () => start);
    });
    afterAll(() => drop());

    const tripOf = async (id: string) => {
      const answer = await app.request(`/api/bookings/${id}/trip`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
      return (await answer.json()) as OfflineTrip;
    };

    it('holds the trip in both languages, each e-ticket, and after check-in the passes the gate verifies', async () => {
      const view = await paidBookingView(app, handle.db, { date: '2026-11-22', adults: 2, now: start });
      const numbers = ticketNumbersOf(view);
      const before = await tripOf(view.id);
      expect(before).toMatchObject({
        id: view.id,
        code: view.code,
        status: 'paid',
        updatedAt: start.toISOString(),
      });
      expect(before.legs.en[0]).toMatchObject({ title: 'Outbound', cancelled: false });
      expect(before.legs.id[0]).toMatchObject({ title: 'Pergi' });
      expect(before.legs.en[0]?.departure).toMatch(/^\d\d:\d\d WIB$/);
      expect(before.legs.en[0]?.gateCloses).toMatch(/^\d\d:\d\d WIB$/);
      // Kept a week after the last arrival.
      const arrives = Date.parse(view.legs[0]?.arrivesAt ?? '');
      expect(Date.parse(before.keepUntil)).toBe(arrives + 7 * DAY_MS);
      const [first] = before.passengers;
      expect(first?.eTicket?.text).toBe(
        `SEGARA|${view.code}|${first?.eTicket?.number ?? ''}|${numbers[0] ?? ''}`,
      );
      expect(first?.eTicket?.svg).toMatch(/^<svg /);
      expect(first?.tickets).toEqual([{ number: numbers[0], legIndex: 0, status: 'active' }]);
      // Only what the booking's own pages show: no contact details, passports masked.
      const text = JSON.stringify(before);
      expect(text).not.toContain(contact.email);
      expect(text).not.toContain(contact.phone);
      for (const person of view.passengers)
        if (person.passportNumber) expect(text).not.toContain(person.passportNumber);

      const checkIn = await app.request(`/api/bookings/${view.id}/check-in`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ tickets: numbers }),
      });
      expect(checkIn.status).toBe(200);
      const after = await tripOf(view.id);
      const keys = publicKeysFromJwkSet(await (await app.request('/api/boarding-pass/keys')).json());
      for (const [index, person] of after.passengers.entries()) {
        const pass = person.tickets[0]?.boardingPass;
        expect(person.tickets[0]?.status).toBe('checked_in');
        const verified = verifyBoardingPass(pass?.text ?? '', keys);
        expect(verified.ok && verified.pass.ticketNumber).toBe(numbers[index]);
        expect(pass?.svg).toMatch(/^<svg /);
      }

      // Cancelled since: the copy says so and carries no pass to show.
      await handle.db
        .update(tickets)
        .set({ status: 'cancelled' })
        .where(and(eq(tickets.bookingId, view.id), eq(tickets.ticketNumber, numbers[1] ?? '')));
      const cancelled = await tripOf(view.id);
      expect(cancelled.passengers[1]?.tickets).toEqual([
        { number: numbers[1], legIndex: 0, status: 'cancelled' },
      ]);
      expect(cancelled.passengers[1]?.eTicket).toBeUndefined();
      expect(cancelled.passengers[0]?.tickets[0]?.boardingPass).toBeDefined();
    });

    it('answers 404 for a booking not paid, unknown or malformed', async () => {
      const held = await bookingReadyToPay(app, { date: '2026-11-23', adults: 1 });
      for (const id of [held.id, 'b'.repeat(24), 'not-an-id']) {
        const answer = await app.request(`/api/bookings/${id}/trip`, {
          headers: { 'Accept-Language': 'id' },
        });
        expect(answer.status).toBe(404);
      }
    });
  },
);
