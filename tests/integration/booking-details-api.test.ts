import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookingPassengers, bookings } from '../../src/server/db/schema/bookings.ts';
import { extendSailings, upsertNetwork } from '../../src/server/db/seed.ts';
import { loadNetworkData } from '../../src/server/network-data.ts';
import type { SearchResult } from '../../src/server/services/search-schedules.ts';
import { testApp } from '../support/app.ts';
import { testDatabases } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const now = new Date('2026-11-21T10:00:00Z');

const contact = { fullName: 'Siti Rahma', email: 'Siti@Example.co.id', phone: '+6281234567890' };
const passenger = (name: string, expiry = '2031-03-01', dateOfBirth = '1990-05-14') => ({
  fullName: name,
  dateOfBirth,
  passportNumber: 'c1234567',
  passportIssued: '2021-03-02',
  passportExpiry: expiry,
  passportCountry: 'id',
});
/** The party's third passenger is an infant: under 2 on 18 December 2026. */
const infant = (name: string, expiry?: string) => passenger(name, expiry, '2025-08-01');

describe.each(testDatabases)('booking details (PUT /api/bookings/{id}/details) on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let app: ReturnType<typeof testApp>;

  const put = (id: string, body: unknown, at = app, headers: Record<string, string> = {}) =>
    at.request(`/api/bookings/${id}/details`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  /** A held two way booking for two adults and an infant, returning on 2026-12-20. */
  const holdTrip = async () => {
    const search = (await (
      await app.request('/api/schedules?trip=two_way&from=BTC&to=HFC&date=2026-12-18&returnDate=2026-12-20')
    ).json()) as SearchResult;
    const response = await app.request('/api/bookings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        trip: 'two_way',
        out: search.outbound?.sailings[0]?.id,
        ret: search.return?.sailings.at(-1)?.id,
        adults: 2,
        infants: 1,
      }),
    });
    return ((await response.json()) as { id: string }).id;
  };

  beforeAll(async () => {
    ({ handle, drop } = await database.create());
    const network = loadNetworkData();
    await upsertNetwork(handle.db, network);
    await extendSailings(handle.db, network, now, 40);
    app = testApp(handle.db, now);
  });
  afterAll(() => drop());

  it('saves the contact person and the passengers in party order, and saves again over them', async () => {
    const id = await holdTrip();
    const body = {
      contact,
      passengers: [passenger('Siti Rahma'), passenger('Budi Santoso'), infant('Ayu Santoso')],
    };
    expect((await put(id, body)).status).toBe(204);
    // The adults swap places: saved again in the new order.
    const [siti, budi, ayu] = body.passengers;
    expect((await put(id, { ...body, passengers: [budi, siti, ayu] })).status).toBe(204);
    const [booking] = await handle.db.select().from(bookings).where(eq(bookings.id, id));
    expect(booking).toMatchObject({
      contactName: 'Siti Rahma',
      contactEmail: 'siti@example.co.id',
      contactPhone: '+6281234567890',
    });
    const rows = await handle.db
      .select()
      .from(bookingPassengers)
      .where(eq(bookingPassengers.bookingId, id))
      .orderBy(asc(bookingPassengers.position));
    expect(
      rows.map((r) => [r.category, r.fullName, r.dateOfBirth, r.passportNumber, r.passportCountry]),
    ).toEqual([
      ['adult', 'Budi Santoso', '1990-05-14', 'C1234567', 'ID'],
      ['adult', 'Siti Rahma', '1990-05-14', 'C1234567', 'ID'],
      ['infant', 'Ayu Santoso', '2025-08-01', 'C1234567', 'ID'],
    ]);
  });

  it('wants every passport valid 6 months after the last sailing, and says which passenger, in Indonesian', async () => {
    const id = await holdTrip();
    // The return sails on 2026-12-20: 2027-06-20 is the first acceptable expiry.
    const response = await put(
      id,
      {
        contact,
        passengers: [passenger('A B'), passenger('C D', '2027-06-19'), infant('E F', '2027-06-20')],
      },
      app,
      { 'Accept-Language': 'id' },
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: unknown }).errors).toEqual({
      'passengers.1.passportExpiry': [
        'Paspor harus berlaku minimal 6 bulan setelah tanggal perjalanan terakhir Anda',
      ],
    });
  });

  it.each([
    [
      'no contact name',
      { contact: { ...contact, fullName: ' ' } },
      'contact.fullName',
      'Full Name is required',
    ],
    [
      'a bad e-mail',
      { contact: { ...contact, email: 'siti@' } },
      'contact.email',
      'Enter a valid email address',
    ],
    [
      'a bad phone number',
      { contact: { ...contact, phone: '+62 12' } },
      'contact.phone',
      'The phone number is too short for this country',
    ],
    [
      'no passport number',
      { passengers: [{ ...passenger('A'), passportNumber: '' }] },
      'passengers.0.passportNumber',
      'Passport Number is required',
    ],
    [
      'an unknown country',
      { passengers: [{ ...passenger('A'), passportCountry: 'XX' }] },
      'passengers.0.passportCountry',
      'Choose the country that issued the passport',
    ],
    [
      'a passport issued tomorrow',
      { passengers: [{ ...passenger('A'), passportIssued: '2026-11-22' }, passenger('B'), infant('C')] },
      'passengers.0.passportIssued',
      'The issuing date cannot be in the future',
    ],
    [
      'an adult born too late to be one on the day of travel',
      { passengers: [passenger('A'), passenger('B', undefined, '2014-12-19'), infant('C')] },
      'passengers.1.dateOfBirth',
      'On the day of travel this passenger is a child (2 to 11). Check the date of birth, or search again with this passenger as a child.',
    ],
    [
      'an infant who turned 2 on the day of travel',
      { passengers: [passenger('A'), passenger('B'), { ...infant('C'), dateOfBirth: '2024-12-18' }] },
      'passengers.2.dateOfBirth',
      'On the day of travel this passenger is a child (2 to 11). Check the date of birth, or search again with this passenger as a child.',
    ],
    [
      'a date of birth that does not exist',
      { passengers: [passenger('A'), passenger('B', undefined, '1990-02-30'), infant('C')] },
      'passengers.1.dateOfBirth',
      'This day does not exist: check the day, month and year',
    ],
    [
      'a date in year 0000 (no such year: found by the fuzz suite as a 500)',
      { passengers: [passenger('A'), passenger('B', undefined, '0000-01-01'), infant('C')] },
      'passengers.1.dateOfBirth',
      'This day does not exist: check the day, month and year',
    ],
    [
      'no date of birth',
      { passengers: [passenger('A'), passenger('B', undefined, ''), infant('C')] },
      'passengers.1.dateOfBirth',
      'Date of Birth is required',
    ],
    [
      'two passengers for a party of three',
      { passengers: [passenger('A'), passenger('B')] },
      'passengers',
      'Enter the details of all 3 passengers',
    ],
  ])('refuses %s at its field, and keeps what was saved', async (_case, change, field, message) => {
    const id = await holdTrip();
    const good = { contact, passengers: [passenger('A'), passenger('B'), infant('C')] };
    expect((await put(id, good)).status).toBe(204);
    const response = await put(id, { ...good, ...change });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { errors: Record<string, string[]> };
    expect(answer.errors[field]).toEqual([message]);
    const saved = await handle.db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, id));
    expect(saved.map((p) => p.fullName).sort()).toEqual(['A', 'B', 'C']);
  });

  it('answers 404 for an unknown booking, 409 once the hold has expired, 400 for malformed JSON', async () => {
    const body = { contact, passengers: [passenger('A'), passenger('B'), infant('C')] };
    expect((await put('no-such-booking-000000000', body)).status).toBe(404);
    const id = await holdTrip();
    const later = testApp(handle.db, new Date(now.getTime() + 21 * 60_000));
    const expired = await put(id, body, later);
    expect(expired.status).toBe(409);
    expect(((await expired.json()) as { message: string }).message).toBe(
      'This booking can no longer be changed',
    );
    expect((await put(id, '{"contact":')).status).toBe(400);
  });
});
