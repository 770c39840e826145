import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookingPassengers, bookings } from '../../src/server/db/schema/bookings.ts';
import { keepTravelDocument } from '../../src/server/services/travel-documents.ts';
import { users } from '../../src/server/db/schema/accounts.ts';
import { Network } from '../../src/server/network.ts';
import { accountBooking, accountBookings } from '../../src/server/services/account-bookings.ts';
import { ACCOUNT_PASSWORD, confirmedAccount } from '../factories/accounts.ts';
import { registerTestWebClient, testApp } from '../support/app.ts';
import { TestBrowser } from '../support/browser.ts';
import { bookingReadyToPay, contact, passenger, payInFull } from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';
import { accountMailsTo, linkTokenIn } from '../support/mail-capture.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const start = new Date('2026-11-21T10:00:00Z');
const network = new Network();

describe.each(testDatabases)("an account's bookings (My bookings) on $name", (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let now = start;
  let app: ReturnType<typeof testApp>;
  let siti: { id: string };
  let bima: { id: string };

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), start, 30));
    app = testApp(handle.db, () => now);
    await registerTestWebClient(handle.db);
    // The booking flow's sample contact books with Siti's address.
    siti = await confirmedAccount(handle.db, { email: contact.email, fullName: 'Siti Rahma' });
    bima = await confirmedAccount(handle.db, { email: 'bima@example.com', fullName: 'Bima Sakti' });
  });
  afterAll(() => drop());

  async function loggedIn(email: string, attach?: string) {
    const browser = new TestBrowser(app);
    const login = await browser.logIn(email, ACCOUNT_PASSWORD, attach ? { attach } : {});
    expect(login.status).toBe(200);
    return browser;
  }
  const mine = (userId: string) => accountBookings(handle.db, network, userId, 'en', now);

  it('shows a guest booking made with the confirmed address, and not to anyone else', async () => {
    const { id, code } = await bookingReadyToPay(app, { date: '2026-11-25' });
    await payInFull(app, handle.db, id, now);
    expect((await mine(siti.id)).map((b) => [b.view.code, b.shelf])).toContainEqual([code, 'active']);
    expect((await mine(bima.id)).map((b) => b.view.code)).not.toContain(code);
    expect(await accountBooking(handle.db, network, siti.id, id, 'en')).toMatchObject({ code });
    expect(await accountBooking(handle.db, network, bima.id, id, 'en')).toBeUndefined();
  });

  it("attaches a booking to the holder who saved its details, whatever the contact's address", async () => {
    const browser = await loggedIn('bima@example.com');
    const search = await app.request('/api/schedules?from=BTC&to=HFC&date=2026-11-26&adults=1');
    const { outbound } = (await search.json()) as { outbound: { sailings: { id: string }[] } };
    const held = await browser.request('/api/bookings', {
      method: 'POST',
      json: { out: outbound.sailings[0]?.id, adults: 1 },
    });
    const { id } = (await held.json()) as { id: string };
    const saved = await browser.request(`/api/bookings/${id}/details`, {
      method: 'PUT',
      json: { contact: { ...contact, email: 'office@example.org' }, passengers: [passenger('Bima Sakti')] },
    });
    expect(saved.status).toBe(204);
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row?.userId).toBe(bima.id);
    expect((await mine(bima.id)).map((b) => b.view.id)).toContain(id);
  });

  it('keeps the passengers a holder ticked in their Passenger list, once per passport, and a guest none', async () => {
    const browser = await loggedIn('bima@example.com');
    const listed = async () =>
      (
        (await (await browser.request('/api/passengers')).json()) as {
          data: { fullName: string; passportNumber: string }[];
        }
      ).data;
    const before = (await listed()).length;
    const hold = async (adults: number) => {
      const search = await app.request(
        `/api/schedules?from=BTC&to=HFC&date=2026-11-27&adults=${String(adults)}`,
      );
      const { outbound } = (await search.json()) as { outbound: { sailings: { id: string }[] } };
      const held = await browser.request('/api/bookings', {
        method: 'POST',
        json: { out: outbound.sailings[0]?.id, adults },
      });
      return ((await held.json()) as { id: string }).id;
    };
    const first = await hold(2);
    const party = [
      { ...passenger('Bima Sakti'), passportNumber: 'X1234567' },
      { ...passenger('Ratna Sakti'), passportNumber: 'X7654321' },
    ];
    const saved = await browser.request(`/api/bookings/${first}/details`, {
      method: 'PUT',
      json: { contact, passengers: party, saveToList: [1] },
    });
    expect(saved.status).toBe(204);
    expect((await listed()).length).toBe(before + 1);
    expect(await listed()).toContainEqual(
      expect.objectContaining({ fullName: 'Ratna Sakti', passportNumber: 'X7654321' }),
    );
    // Saved again with a new name: the listed passenger (same passport) is brought up to date, not doubled.
    const again = await browser.request(`/api/bookings/${first}/details`, {
      method: 'PUT',
      json: { contact, passengers: [party[0], { ...party[1], fullName: 'Ratna S. Sakti' }], saveToList: [1] },
    });
    expect(again.status).toBe(204);
    expect((await listed()).filter((entry) => entry.passportNumber === 'X7654321')).toEqual([
      expect.objectContaining({ fullName: 'Ratna S. Sakti' }),
    ]);
    // One passport ticked twice in a party: kept once, and the booking saves.
    const twins = await hold(2);
    const sameTwice = await browser.request(`/api/bookings/${twins}/details`, {
      method: 'PUT',
      json: {
        contact,
        passengers: [
          { ...passenger('Ratna Sakti'), passportNumber: 'Z1234567' },
          { ...passenger('Ratna Sakti'), passportNumber: 'Z1234567' },
        ],
        saveToList: [0, 1],
      },
    });
    expect(sameTwice.status).toBe(204);
    expect((await listed()).filter((entry) => entry.passportNumber === 'Z1234567')).toHaveLength(1);
    // Without the anti-forgery token the call is a guest's: the booking saves, the list stays as it was.
    const second = await hold(1);
    const guest = await browser.request(`/api/bookings/${second}/details`, {
      method: 'PUT',
      forged: true,
      json: { contact, passengers: [{ ...passenger('Dimas'), passportNumber: 'Y1234567' }], saveToList: [0] },
    });
    expect(guest.status).toBe(204);
    expect((await listed()).length).toBe(before + 2);
    const bad = await browser.request(`/api/bookings/${second}/details`, {
      method: 'PUT',
      json: { contact, passengers: [passenger('Dimas')], saveToList: [99] },
    });
    expect(bad.status).toBe(400);
  });

  it('saves a booking as a guest when the call lacks the anti-forgery token, attaching it to no one', async () => {
    const browser = await loggedIn('bima@example.com');
    const { id } = await bookingReadyToPay(app, { date: '2026-11-28' });
    const saved = await browser.request(`/api/bookings/${id}/details`, {
      method: 'PUT',
      forged: true,
      json: { contact: { ...contact, email: 'office@example.org' }, passengers: [passenger('Bima Sakti')] },
    });
    expect(saved.status).toBe(204);
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row?.userId).toBeNull();
  });

  it('brings a saved passenger’s nationality and sex, kept by a check-in, to a new booking with that passport', async () => {
    const browser = await loggedIn('bima@example.com');
    const [bima] = await handle.db.select().from(users).where(eq(users.email, 'bima@example.com'));
    // As a check-in of Ratna's passport kept them (use-cases/check-in.ts).
    await keepTravelDocument(handle.db, bima?.id ?? null, 'x7654321', { nationality: 'MY', sex: 'F' });
    const search = await app.request('/api/schedules?from=BTC&to=HFC&date=2026-11-28&adults=2');
    const { outbound } = (await search.json()) as { outbound: { sailings: { id: string }[] } };
    const held = await browser.request('/api/bookings', {
      method: 'POST',
      json: { out: outbound.sailings[0]?.id, adults: 2 },
    });
    const { id } = (await held.json()) as { id: string };
    const party = [passenger('Bima Sakti'), { ...passenger('Ratna Sakti'), passportNumber: 'X7654321' }];
    const saved = await browser.request(`/api/bookings/${id}/details`, {
      method: 'PUT',
      json: { contact, passengers: party },
    });
    expect(saved.status).toBe(204);
    const people = await handle.db
      .select({ nationality: bookingPassengers.nationality, sex: bookingPassengers.sex })
      .from(bookingPassengers)
      .where(eq(bookingPassengers.bookingId, id))
      .orderBy(bookingPassengers.position);
    expect(people).toEqual([
      { nationality: null, sex: null },
      { nationality: 'MY', sex: 'F' },
    ]);
  });

  it('moves a booking to History once its sailing has left, and a lapsed hold with it', async () => {
    const { id } = await bookingReadyToPay(app, { date: '2026-11-22' });
    const active = (await mine(siti.id)).find((b) => b.view.id === id);
    expect(active?.shelf).toBe('active');
    now = new Date('2026-11-23T10:00:00Z'); // the hold lapsed unpaid, and its sailing has left
    try {
      expect((await mine(siti.id)).find((b) => b.view.id === id)?.shelf).toBe('history');
    } finally {
      now = start;
    }
  });

  it('attaches a guest booking at login from its prompt only to the account with its address, never by its link', async () => {
    const { id } = await bookingReadyToPay(app, { date: '2026-11-27' });
    // Bima has the link (an e-mail forwarded to him): logging in with it takes nothing.
    await loggedIn('bima@example.com', id);
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row?.userId).toBeNull();
    expect((await mine(bima.id)).map((b) => b.view.id)).not.toContain(id);
    // Siti, whose address the booking was made with, gets it pinned to her account.
    await loggedIn(contact.email, id);
    const [after] = await handle.db.select().from(bookings).where(eq(bookings.id, id));
    expect(after?.userId).toBe(siti.id);
    await loggedIn('bima@example.com', id);
    const [still] = await handle.db.select().from(bookings).where(eq(bookings.id, id));
    expect(still?.userId).toBe(siti.id);
  });

  it('attaches a guest booking to the account signed up from its prompt with its address, once confirmed', async () => {
    const { id } = await bookingReadyToPay(app, {
      date: '2026-11-29',
      contact: { ...contact, email: 'putu@example.com' },
    });
    const browser = new TestBrowser(app);
    await browser.request('/api/session');
    const signUp = await browser.request('/api/auth/register', {
      method: 'POST',
      json: {
        fullName: 'Putu Ayu',
        email: 'putu@example.com',
        phone: '+6281234567890',
        password: ACCOUNT_PASSWORD,
        passwordConfirmation: ACCOUNT_PASSWORD,
        agree: true,
        attach: id,
      },
    });
    expect(signUp.status).toBe(202);
    const unconfirmed = await handle.db.select().from(bookings).where(eq(bookings.id, id));
    expect(unconfirmed[0]?.userId).toBeNull();
    const [mail] = await accountMailsTo({ db: handle.db, now }, 'putu@example.com');
    const token = linkTokenIn(mail, '/verify-email');
    const confirmed = await browser.request('/api/auth/verify-email', {
      method: 'POST',
      json: { token, password: ACCOUNT_PASSWORD },
    });
    expect(confirmed.status).toBe(200);
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, id));
    const [putu] = await handle.db.select().from(users).where(eq(users.email, 'putu@example.com'));
    expect(row?.userId).toBe(putu?.id);
  });
});
