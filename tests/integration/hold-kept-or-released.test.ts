import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookingPassengers, bookings } from '../../src/server/db/schema/bookings.ts';
import { sailings } from '../../src/server/db/schema/network.ts';
import { submitForm, type FormRefusal } from '../../src/server/http/form-post.ts';
import { useCaseContext } from '../../src/server/http/use-case-context.ts';
import { keepSeats } from '../../src/server/use-cases/keep-seats.ts';
import { releaseHold } from '../../src/server/use-cases/release-hold.ts';
import { carryDetails } from '../../src/server/use-cases/carry-details.ts';
import { insertBooking } from '../factories/bookings.ts';
import { testApp, testDeps } from '../support/app.ts';
import { bookingReadyToPay, pay } from '../support/booking-flow.ts';
import { pglite, seeded, testDatabases } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const start = new Date('2026-11-21T10:00:00Z');
const minutes = (n: number) => new Date(start.getTime() + n * 60_000);

/** Seats the ledger counts as taken on a sailing at `t`. */
async function taken(handle: DatabaseHandle, sailingId: string, t: Date): Promise<number> {
  const result = await handle.db.execute(
    sql`select coalesce(sum(seats), 0)::int as n from seat_windows
        where sailing_id = ${sailingId} and counts_until > ${t.toISOString()}::timestamptz`,
  );
  return (result as { rows: { n: number }[] }).rows[0]?.n ?? Number.NaN;
}

/**
 * "Keep my seats", as the booking page's plain form runs it: a hold is extended once by 20 minutes under the
 * sailings' locks; a hold that lapsed a moment ago gets its seats back only if nobody took them.
 */
describe.each(testDatabases)('keeping the seats of a hold on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let now = start;
  const clock = () => now;

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), start, 20));
  });
  afterAll(() => drop());

  const keep = (bookingId: string) =>
    submitForm(
      {
        request: new Request(`http://localhost/id/booking/${bookingId}?keep`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: '',
        }),
        locals: { locale: 'id' },
        clientAddress: '203.0.113.9',
      },
      keepSeats,
      { params: { id: bookingId } },
      testDeps(handle.db, clock),
    );
  const row = async (id: string) => (await handle.db.select().from(bookings).where(eq(bookings.id, id)))[0];
  it('extends a live hold once by 20 minutes, and the seats stay counted that long', async () => {
    now = start;
    const app = testApp(handle.db, clock);
    const { id, sailingId } = await bookingReadyToPay(app, { date: '2026-11-28', adults: 2 });
    const heldUntil = (await row(id))?.expiresAt ?? start;
    now = minutes(17);

    const answer = await keep(id);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(303);
    expect((answer as Response).headers.get('Location')).toBe(`/id/booking/${id}`);
    const after = await row(id);
    expect(after?.expiresAt).toEqual(new Date(heldUntil.getTime() + 20 * 60_000));
    expect(after?.holdExtendedAt).toEqual(now);
    expect(await taken(handle, sailingId, new Date(heldUntil.getTime() + 60_000))).toBeGreaterThanOrEqual(2);

    const again = (await keep(id)) as FormRefusal;
    expect(again.status).toBe(409);
    expect(again.errors.booking?.[0]).toBe(
      'Penahanan kursi hanya dapat diperpanjang satu kali. Selesaikan pemesanan sebelum waktunya habis.',
    );
  });

  it('gives a hold that lapsed a moment ago its seats again while they are free, 20 minutes from now', async () => {
    now = start;
    const app = testApp(handle.db, clock);
    const { id } = await bookingReadyToPay(app, { date: '2026-11-29' });
    now = minutes(21);
    expect(await keep(id)).toBeInstanceOf(Response);
    expect((await row(id))?.expiresAt).toEqual(minutes(41));
  });

  it('refuses a lapsed hold whose seats someone else took, and a booking already paying', async () => {
    now = start;
    const app = testApp(handle.db, clock);
    const { id, sailingId } = await bookingReadyToPay(app, { date: '2026-11-30', adults: 1 });
    now = minutes(21);
    // Someone else holds every seat left once this hold lapsed.
    const [sailing] = await handle.db.select().from(sailings).where(eq(sailings.id, sailingId));
    const seatsLeft = (sailing?.capacity ?? 0) - (await taken(handle, sailingId, now));
    await insertBooking(handle.db, {
      code: 'KEEPXX',
      status: 'held',
      sailingId,
      seats: seatsLeft,
      expiresAt: minutes(40),
    });
    const gone = (await keep(id)) as FormRefusal;
    expect(gone.status).toBe(409);
    expect(Object.keys(gone.errors)).toEqual(['booking']);
    expect((await row(id))?.holdExtendedAt).toBeNull();

    now = start;
    const paying = await bookingReadyToPay(app, { date: '2026-12-01' });
    expect((await pay(app, paying.id, 'bni')).status).toBe(200);
    expect(((await keep(paying.id)) as FormRefusal).status).toBe(409);
  });
});

/** Choosing again from the same browser releases its previous hold at once, and nothing else. */
describe('releasing the hold a browser abandoned', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await pglite.create(), start, 20));
  });
  afterAll(() => drop());

  it('expires a held booking and frees its seats; leaves a paying one and unknown ids alone', async () => {
    const app = testApp(handle.db, start);
    const ctx = await useCaseContext(testDeps(handle.db, start), new Request('http://localhost/'), {
      locale: 'en',
    });
    const { id, sailingId } = await bookingReadyToPay(app, { date: '2026-11-28', adults: 3 });
    const before = await taken(handle, sailingId, start);

    expect(await releaseHold.run(ctx, { bookingId: id })).toBe(true);
    const [released] = await handle.db.select().from(bookings).where(eq(bookings.id, id));
    expect(released?.status).toBe('expired');
    expect(await taken(handle, sailingId, start)).toBe(before - 3);
    expect(await releaseHold.run(ctx, { bookingId: id })).toBe(false);

    const paying = await bookingReadyToPay(app, { date: '2026-11-29' });
    expect((await pay(app, paying.id, 'bni')).status).toBe(200);
    expect(await releaseHold.run(ctx, { bookingId: paying.id })).toBe(false);
    const [stillPaying] = await handle.db.select().from(bookings).where(eq(bookings.id, paying.id));
    expect(stillPaying?.status).toBe('awaiting_payment');
    expect(await releaseHold.run(ctx, { bookingId: 'not-an-id' })).toBe(false);
  });
});

/** A new hold from the same browser takes over what was typed on the previous one, when the party is the same. */
describe('carrying the details of a previous hold', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await pglite.create(), start, 20));
  });
  afterAll(() => drop());

  it('copies contact and passengers to a hold of the same party, and nothing to another party or from a bad id', async () => {
    const app = testApp(handle.db, start);
    const ctx = await useCaseContext(testDeps(handle.db, start), new Request('http://localhost/'), {
      locale: 'en',
    });
    const previous = await bookingReadyToPay(app, { date: '2026-11-28', adults: 2 });
    const next = await app.request('/api/bookings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ out: previous.sailingId, adults: 2 }),
    });
    const { id } = (await next.json()) as { id: string };

    expect(await carryDetails.run(ctx, { from: previous.id, to: id })).toBe(true);
    const [carried] = await handle.db.select().from(bookings).where(eq(bookings.id, id));
    expect(carried?.contactEmail).toBe('siti@example.co.id');
    const names = await handle.db
      .select({ name: bookingPassengers.fullName })
      .from(bookingPassengers)
      .where(eq(bookingPassengers.bookingId, id));
    expect(names.map((row) => row.name).sort()).toEqual(['Passenger A', 'Passenger B']);

    const single = await app.request('/api/bookings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ out: previous.sailingId, adults: 1 }),
    });
    const other = (await single.json()) as { id: string };
    expect(await carryDetails.run(ctx, { from: previous.id, to: other.id })).toBe(false);
    expect(await carryDetails.run(ctx, { from: 'x\u0000y', to: other.id })).toBe(false);

    // A booking whose link went out by e-mail (it reached payment) carries nothing, whatever a hold cookie says.
    const mailed = await bookingReadyToPay(app, { date: '2026-11-28', adults: 2 });
    expect((await pay(app, mailed.id)).status).toBe(200);
    const stranger = await app.request('/api/bookings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ out: previous.sailingId, adults: 2 }),
    });
    const strangers = (await stranger.json()) as { id: string };
    expect(await carryDetails.run(ctx, { from: mailed.id, to: strangers.id })).toBe(false);
    const [untouched] = await handle.db.select().from(bookings).where(eq(bookings.id, strangers.id));
    expect(untouched?.contactEmail).toBeNull();
  });
});
