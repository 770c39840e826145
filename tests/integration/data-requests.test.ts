import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { Network } from '../../src/server/network.ts';
import { auditEntries } from '../../src/server/services/audit.ts';
import { dataRequestListing, dataRequestOf } from '../../src/server/services/data-requests.ts';
import { travellerData } from '../../src/server/services/traveller-data.ts';
import { eq } from 'drizzle-orm';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import type { PageAstro } from '../../src/server/http/pages/page-astro.ts';
import { serveDataRequest } from '../../src/pages/[...locale]/staff/_data-requests.ts';
import { ACCOUNT_PASSWORD, confirmedAccount } from '../factories/accounts.ts';
import { registerTestWebClient, testApp, testDeps } from '../support/app.ts';
import { openStaffPage } from '../support/staff-page.ts';
import { TestBrowser } from '../support/browser.ts';
import { bookingReadyToPay, passenger, payInFull } from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';
import { signedInStaff } from '../support/staff.ts';

// Thursday 26 November 2026, 10:00 in Batam.
const start = new Date('2026-11-26T03:00:00Z');

/**
 * Personal-data requests (UU PDP) through their JSON doors: recorded with their legal due date, answered once, each
 * step audited; and what we hold about an address, gathered for the traveller.
 */
describe.each(testDatabases)('personal-data requests on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let now = start;
  let api: ReturnType<typeof testApp>;
  let agent: TestBrowser;

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), start, 10));
    await registerTestWebClient(handle.db);
    api = testApp(handle.db, () => now);
    agent = await signedInStaff({ handle, api, now }, 'agent@segaraferry.co.id', 'agent');
  });
  afterAll(() => drop());

  const record = (browser: TestBrowser, json: Record<string, unknown>) =>
    browser.request('/api/staff/data-requests', { method: 'POST', json });
  const request = {
    kind: 'access',
    email: 'Siti@Example.co.id',
    details: 'Please send me every data you keep about me.',
    receivedAt: '2026-11-26T08:30',
  };

  it('records a request with its legal due date, and takes its answer once', async () => {
    expect((await record(new TestBrowser(api), request)).status).toBe(401);
    expect((await record(agent, { ...request, receivedAt: '2026-11-26T10:30' })).status).toBe(422);
    expect((await record(agent, { ...request, details: 'x' })).status).toBe(400);
    const access = await record(agent, request);
    expect(access.status).toBe(201);
    const { id } = (await access.json()) as { id: string };
    const exported = (await (await record(agent, { ...request, kind: 'export' })).json()) as { id: string };

    // Received 08:30 WIB: access within 3 x 24 hours, a copy within 14 days.
    expect(await dataRequestOf(handle.db, id, now)).toMatchObject({
      email: 'siti@example.co.id',
      dueAt: new Date('2026-11-29T01:30:00Z'),
      state: 'open',
    });
    expect((await dataRequestOf(handle.db, exported.id, now))?.dueAt).toEqual(
      new Date('2026-12-10T01:30:00Z'),
    );
    now = new Date('2026-11-29T02:00:00Z');
    expect((await dataRequestListing(handle.db, now)).map((row) => [row.id, row.state])).toEqual([
      [id, 'overdue'],
      [exported.id, 'open'],
    ]);

    // Three days on, the morning's staff session has ended: the next shift answers.
    const nextShift = await signedInStaff({ handle, api, now }, 'next.shift@segaraferry.co.id', 'agent');
    const answer = (json: Record<string, unknown>) =>
      nextShift.request(`/api/staff/data-requests/${id}/answer`, { method: 'PUT', json });
    expect((await answer({ outcome: 'done', answer: 'Sent the JSON copy by email.' })).status).toBe(204);
    expect((await answer({ outcome: 'refused', answer: 'Changed my mind' })).status).toBe(409);
    expect(await dataRequestOf(handle.db, id, now)).toMatchObject({ state: 'done', outcome: 'done' });
    const log = await auditEntries(handle.db, { action: 'data_request.' });
    expect(log.map((row) => [row.action, row.actorKind])).toEqual([
      ['data_request.answered', 'staff'],
      ['data_request.recorded', 'staff'],
      ['data_request.recorded', 'staff'],
    ]);
    expect(log[0]?.after).toMatchObject({ outcome: 'done', late: true });
  });

  it('gathers what we hold about an address: its bookings as their pages show them, passports and all', async () => {
    now = start;
    const paid = await bookingReadyToPay(api, { date: '2026-11-28' });
    await payInFull(api, handle.db, paid.id, now);
    const other = await bookingReadyToPay(api, {
      date: '2026-11-28',
      contact: { fullName: 'Budi', email: 'budi@example.com', phone: '+6581234567' },
    });
    const data = await travellerData(handle.db, new Network(), 'SITI@example.co.id');
    expect(data.account).toBeNull();
    expect(data.bookings.map((booking) => booking.code)).toEqual([paid.code]);
    expect(data.bookings[0]?.passengers[0]).toMatchObject({ passportNumber: 'C1234567' });
    expect(JSON.stringify(data)).not.toContain(other.code);
  });

  it("gathers an account holder's data and saved passengers, and downloads it all as JSON", async () => {
    now = start;
    const wayan = await confirmedAccount(handle.db, {
      email: 'wayan@example.com',
      fullName: 'Wayan Sudarma',
    });
    const holder = new TestBrowser(api);
    expect((await holder.logIn('wayan@example.com', ACCOUNT_PASSWORD)).status).toBe(200);
    const saved = { ...passenger('Made Sudarma'), passportNumber: 'P7654321' };
    expect((await holder.request('/api/passengers', { method: 'POST', json: saved })).status).toBe(201);
    // Booked under the account, with another contact address.
    const trip = await bookingReadyToPay(api, {
      date: '2026-11-28',
      contact: { fullName: 'Wayan Sudarma', email: 'wayan.trip@example.com', phone: '+6281311112222' },
    });
    await handle.db.update(bookings).set({ userId: wayan.id }).where(eq(bookings.id, trip.id));

    const data = await travellerData(handle.db, new Network(), 'Wayan@Example.com');
    expect(data.account).toMatchObject({
      email: 'wayan@example.com',
      fullName: 'Wayan Sudarma',
      phone: '+6281234567890',
      language: 'en',
      signsInWithGoogle: false,
    });
    expect(data.savedPassengers).toEqual([{ ...saved, nationality: null, sex: null }]);
    expect(data.bookings.map((booking) => booking.code)).toEqual([trip.code]);

    const recorded = await record(agent, { ...request, kind: 'export', email: 'wayan@example.com' });
    const { id } = (await recorded.json()) as { id: string };
    const deps = testDeps(handle.db, () => now);
    const serve = (astro: PageAstro) => serveDataRequest(astro, id);
    const { page } = await openStaffPage(serve, agent, deps, `/staff/data-requests/${id}?export`);
    if (!(page instanceof Response)) throw new Error('no download');
    expect(page.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(page.headers.get('Content-Disposition')).toBe(
      `attachment; filename="personal-data-${id.slice(0, 8)}.json"`,
    );
    expect(page.headers.get('Cache-Control')).toBe('private, no-store');
    const text = await page.text();
    expect(JSON.parse(text)).toMatchObject({
      generatedAt: now.toISOString(),
      email: 'wayan@example.com',
      account: { fullName: 'Wayan Sudarma', emailConfirmedAt: expect.any(String) as string },
      savedPassengers: [{ fullName: 'Made Sudarma', passportNumber: 'P7654321' }],
      bookings: [{ code: trip.code, contact: { email: 'wayan.trip@example.com' } }],
    });
    // No secret leaves with it: no password hash, no token.
    expect(text).not.toMatch(/argon2|passwordHash|token/i);
    // Nobody signed in gets the sign-in page, not the file.
    const nobody = await openStaffPage(
      serve,
      new TestBrowser(api),
      deps,
      `/staff/data-requests/${id}?export`,
    );
    expect(nobody.status).toBe(302);
  });
});
