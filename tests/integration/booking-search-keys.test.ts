import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookingPassengers } from '../../src/server/db/schema/bookings.ts';
import { searchBookings, type BookingQuery } from '../../src/server/services/booking-search.ts';
import { testApp } from '../support/app.ts';
import { bookingReadyToPay, contact } from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const now = new Date('2026-11-21T10:00:00Z');

describe.each(testDatabases)('the console reads what a traveller remembers on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let app: ReturnType<typeof testApp>;
  const made: Record<string, { id: string; code: string }> = {};
  const expectFinds = async (query: BookingQuery, ...names: string[]) => {
    const found = await searchBookings(handle.db, query, now);
    const named = found.map((row) => Object.keys(made).find((name) => made[name]?.code === row.code));
    expect(named.sort()).toEqual(names.sort());
  };
  const renamePassenger = (id: string, fields: { fullName?: string; passportNumber?: string }) =>
    handle.db.update(bookingPassengers).set(fields).where(eq(bookingPassengers.bookingId, id));

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), now, 10));
    app = testApp(handle.db, () => now);
    made.ayuTan = await bookingReadyToPay(app, {
      date: '2026-11-24',
      contact: { fullName: 'Ayu Tan', email: 'ayu.tan@example.com', phone: '+6598765432' },
    });
    // A British passenger: the passport number is 9 digits.
    await renamePassenger(made.ayuTan.id, { passportNumber: '123456789' });
    made.rahman = await bookingReadyToPay(app, { date: '2026-11-24' });
    await renamePassenger(made.rahman.id, { fullName: 'Rahman Hakim' });
    made.hassan = await bookingReadyToPay(app, {
      date: '2026-11-25',
      contact: { ...contact, fullName: 'Hassan Basri' },
    });
  });
  afterAll(() => drop());

  it('searches a six-letter name as a booking code and as a name', async () => {
    await expectFinds({ text: 'Rahman' }, 'rahman');
    await expectFinds({ text: 'HASSAN' }, 'hassan');
    await expectFinds({ text: 'ayu tan' }, 'ayuTan');
    // The code itself still finds its booking.
    await expectFinds({ text: made.hassan?.code ?? '' }, 'hassan');
  });

  it('searches a passport number of digits only as a passport and as a phone', async () => {
    await expectFinds({ text: '123456789' }, 'ayuTan');
    await expectFinds({ text: '12345678' });
  });
});
