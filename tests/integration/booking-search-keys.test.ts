import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookingPassengers, bookings } from '../../src/server/db/schema/bookings.ts';
import { searchBookings, type BookingQuery } from '../../src/server/services/booking-search.ts';
import { serveBookingSearch } from '../../src/pages/[...locale]/staff/_booking-search.ts';
import { confirmedAccount } from '../factories/accounts.ts';
import { testApp, testDeps } from '../support/app.ts';
import { TestBrowser } from '../support/browser.ts';
import { bookingReadyToPay, contact, payInFull } from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';
import { signedInStaff } from '../support/staff.ts';
import { openStaffPage } from '../support/staff-page.ts';

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
    // Booked while logged in to an account whose address is not the contact's.
    made.account = await bookingReadyToPay(app, {
      date: '2026-11-25',
      contact: { fullName: 'Wulan Sari', email: 'wulan.trip@example.com', phone: '+6281311112222' },
    });
    const holder = await confirmedAccount(handle.db, { email: 'wulan.sari@example.id' });
    await handle.db.update(bookings).set({ userId: holder.id }).where(eq(bookings.id, made.account.id));
    // The other way, Singapore to Batam: one paid, one only held.
    const back = { from: 'HFC', to: 'BTC' };
    made.backPaid = await bookingReadyToPay(app, { date: '2026-11-26', route: back });
    await payInFull(app, handle.db, made.backPaid.id, now);
    made.backHeld = await bookingReadyToPay(app, { date: '2026-11-26', route: back });
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

  it("finds a booking by its account's e-mail, and a phone typed with its trunk 0 finds only that phone", async () => {
    await expectFinds({ text: 'Wulan.Sari@example.ID' }, 'account');
    await expectFinds({ text: 'wulan.trip@example.com' }, 'account');
    await expectFinds({ text: '0813 1111 2222' }, 'account');
    await expectFinds({ text: '+62 813-1111-2222' }, 'account');
    // The other bookings share the sample contact's phone.
    await expectFinds({ text: '081234567890' }, 'rahman', 'hassan', 'backPaid', 'backHeld');
  });

  it('filters by route when bookings sail on two routes', async () => {
    const there = ['ayuTan', 'rahman', 'hassan', 'account'];
    await expectFinds({ routeId: 'btc-hfc' }, ...there);
    await expectFinds({ routeId: 'hfc-btc' }, 'backPaid', 'backHeld');
    await expectFinds({ routeId: 'hfc-btc', state: 'paid' }, 'backPaid');
    await expectFinds({ routeId: 'btc-hfc', state: 'paid' });
  });

  it("takes the search and its filters from the page's address, for a signed-in agent", async () => {
    const agent = await signedInStaff({ handle, api: app, now }, 'agent.search@segaraferry.co.id', 'agent');
    const deps = testDeps(handle.db, () => now);
    const codes = async (query: string, locale: 'en' | 'id' = 'en') => {
      const { page, status } = await openStaffPage(
        serveBookingSearch,
        agent,
        deps,
        `/staff/bookings?${query}`,
        locale,
      );
      expect(status).toBe(200);
      if (page instanceof Response || !page.allowed) throw new Error('the search page was refused');
      return page.rows.map((row) => Object.keys(made).find((name) => made[name]?.code === row.code)).sort();
    };
    expect(await codes('state=paid&route=hfc-btc')).toEqual(['backPaid']);
    expect(await codes('route=hfc-btc')).toEqual(['backHeld', 'backPaid']);
    expect(await codes('state=held&route=hfc-btc&date=2026-11-26')).toEqual(['backHeld']);
    expect(await codes('route=hfc-btc&date=2026-11-27')).toEqual([]);
    expect(await codes('q=Rahman&route=btc-hfc')).toEqual(['rahman']);
    expect(await codes(`q=${made.hassan?.code.toLowerCase() ?? ''}`, 'id')).toEqual(['hassan']);
    // What the page does not know is no filter: an unknown route, state or date lists every booking.
    expect(await codes('state=lost&route=nowhere&date=2026-13-45')).toHaveLength(Object.keys(made).length);
    const { page } = await openStaffPage(
      serveBookingSearch,
      agent,
      deps,
      '/staff/bookings?state=paid&route=hfc-btc',
    );
    expect(page).toMatchObject({ searched: true, query: { state: 'paid', routeId: 'hfc-btc' } });
  });

  it('sends a browser without a staff session to the sign-in page', async () => {
    const { page, status } = await openStaffPage(
      serveBookingSearch,
      new TestBrowser(app),
      testDeps(handle.db, () => now),
      '/staff/bookings?q=Rahman',
    );
    expect(status).toBe(302);
    expect(page instanceof Response && page.headers.get('Location')).toBe('/staff/login');
  });
});
