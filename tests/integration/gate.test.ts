import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { tickets } from '../../src/server/db/schema/payments.ts';
import { serveGateDevices } from '../../src/pages/[...locale]/staff/_gate-devices.ts';
import { registerTestWebClient, testApp, testDeps } from '../support/app.ts';
import { openStaffPage } from '../support/staff-page.ts';
import type { TestBrowser } from '../support/browser.ts';
import { paidBookingView, ticketNumbersOf } from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';
import { signedInStaff } from '../support/staff.ts';

// Saturday 21 November 2026, 17:00 in Batam: the first sailing of Sunday 22 November leaves within 24 hours.
const start = new Date('2026-11-21T10:00:00Z');

describe.each(testDatabases)('the gate: devices, their sailings and boardings, on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let api: ReturnType<typeof testApp>;
  let admin: TestBrowser;
  let agent: TestBrowser;

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), start, 30));
    await registerTestWebClient(handle.db);
    api = testApp(handle.db, () => start);
    admin = await signedInStaff({ handle, api, now: start }, 'ayu@segaraferry.co.id', 'admin');
    agent = await signedInStaff({ handle, api, now: start }, 'budi@segaraferry.co.id', 'agent');
  });
  afterAll(() => drop());

  /** An admin adds a device and the agent enrols it: its token. */
  async function enrolledDevice(name: string): Promise<{ id: string; token: string }> {
    const added = await admin.request('/api/staff/gate-devices', { method: 'POST', json: { name } });
    expect(added.status).toBe(201);
    const { id, setUpCode } = (await added.json()) as { id: string; setUpCode: string };
    expect(setUpCode).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    // Typed on a phone: lower case and without the dash is the same code.
    const typed = setUpCode.toLowerCase().replace('-', ' ');
    const enrolled = await agent.request('/api/gate/enrolment', { method: 'POST', json: { code: typed } });
    expect(enrolled.status).toBe(201);
    const { token, deviceId } = (await enrolled.json()) as { token: string; deviceId: string };
    expect(deviceId).toBe(id);
    // One use: the same code again enrols nothing.
    const again = await agent.request('/api/gate/enrolment', { method: 'POST', json: { code: setUpCode } });
    expect(again.status).toBe(422);
    return { id, token };
  }
  const asDevice = (token: string, path: string, init: { method?: string; body?: string } = {}) =>
    api.request(path, {
      ...init,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    });

  it('enrols a device by a one-use code only an admin can make, and an agent alone cannot', async () => {
    const refused = await agent.request('/api/staff/gate-devices', {
      method: 'POST',
      json: { name: 'Gate 1' },
    });
    expect(refused.status).toBe(403);
    const { token } = await enrolledDevice('Gate 1, Batam Centre');
    expect((await asDevice(token, '/api/gate/sailings')).status).toBe(200);
    expect((await asDevice('x'.repeat(43), '/api/gate/sailings')).status).toBe(401);
    expect((await api.request('/api/gate/sailings')).status).toBe(401);
  });

  it("gives a sailing's manifest and revocations, and boards each ticket once whatever is retried", async () => {
    const { id, token } = await enrolledDevice('Gate 2, Batam Centre');
    const view = await paidBookingView(api, handle.db, { date: '2026-11-22', adults: 2, now: start });
    const [first = '', second = ''] = ticketNumbersOf(view);
    const checkIn = await api.request(`/api/bookings/${view.id}/check-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tickets: [first, second] }),
    });
    expect(checkIn.status).toBe(200);
    const sailingId = view.legs[0]?.sailingId ?? '';
    const listed = (await (await asDevice(token, '/api/gate/sailings')).json()) as {
      sailings: { id: string }[];
    };
    expect(listed.sailings.map((s) => s.id)).toContain(sailingId);
    const sailing = (await (await asDevice(token, `/api/gate/sailings/${sailingId}`)).json()) as {
      manifest: { ticketNumber: string; initials: string; boarded: boolean }[];
      revoked: { ticketNumber: string; reason: string }[];
      keys: { keys: { kid: string }[] };
      departure: { at: string };
    };
    const row = sailing.manifest.find((entry) => entry.ticketNumber === first);
    expect(row?.boarded).toBe(false);
    expect(row?.initials).toMatch(/^[A-Z]{1,3}$/);
    expect(sailing.departure.at).toBe(view.legs[0]?.departsAt);
    expect(sailing.keys.keys[0]?.kid).toBe('dev-01');

    const upload = (marks: { nonce: string; ticketNumber: string; sailingId?: string }[]) =>
      asDevice(token, '/api/gate/boardings', {
        method: 'POST',
        body: JSON.stringify({
          marks: marks.map((m) => ({ sailingId, ...m, scannedAt: start.toISOString() })),
        }),
      });
    const nonce = crypto.randomUUID();
    const boarded = await upload([{ nonce, ticketNumber: first }]);
    expect(boarded.status).toBe(200);
    expect(await boarded.json()).toEqual({ results: [{ nonce, ticketNumber: first, outcome: 'boarded' }] });
    // The answer was lost and the phone sends the same mark again: the same answer, nobody boarded twice.
    expect(await (await upload([{ nonce, ticketNumber: first }])).json()).toEqual({
      results: [{ nonce, ticketNumber: first, outcome: 'boarded' }],
    });
    // A nonce is its own scan's: the same one sent for another ticket boards nothing.
    expect(await (await upload([{ nonce, ticketNumber: second }])).json()).toEqual({
      results: [{ nonce, ticketNumber: second, outcome: 'not_boardable' }],
    });
    // A ticket of another sailing than the one being boarded does not board.
    const otherSailing = listed.sailings.find((s) => s.id !== sailingId)?.id ?? '';
    const elsewhere = crypto.randomUUID();
    expect(
      await (await upload([{ nonce: elsewhere, ticketNumber: second, sailingId: otherSailing }])).json(),
    ).toEqual({ results: [{ nonce: elsewhere, ticketNumber: second, outcome: 'not_boardable' }] });
    const twice = crypto.randomUUID();
    expect(await (await upload([{ nonce: twice, ticketNumber: first }])).json()).toEqual({
      results: [{ nonce: twice, ticketNumber: first, outcome: 'already_boarded' }],
    });
    const after = (await (await asDevice(token, `/api/gate/sailings/${sailingId}`)).json()) as typeof sailing;
    expect(after.manifest.find((row) => row.ticketNumber === first)?.boarded).toBe(true);

    // A pass issued, then its ticket cancelled (at the counter): on the revocation list, off the manifest.
    await handle.db.update(tickets).set({ status: 'cancelled' }).where(eq(tickets.ticketNumber, second));
    const revoked = (await (
      await asDevice(token, `/api/gate/sailings/${sailingId}`)
    ).json()) as typeof sailing;
    expect(revoked.revoked).toEqual([{ ticketNumber: second, reason: 'cancelled' }]);
    expect(revoked.manifest.map((row) => row.ticketNumber)).not.toContain(second);
    expect(await (await upload([{ nonce: crypto.randomUUID(), ticketNumber: second }])).json()).toMatchObject(
      {
        results: [{ ticketNumber: second, outcome: 'not_boardable' }],
      },
    );

    // Revoked: its token opens nothing, its queued boardings stay unsent.
    expect(
      (await admin.request(`/api/staff/gate-devices/${id}/revocation`, { method: 'POST', json: {} })).status,
    ).toBe(204);
    expect((await upload([{ nonce: crypto.randomUUID(), ticketNumber: first }])).status).toBe(401);
    expect(
      (await admin.request(`/api/staff/gate-devices/${id}/revocation`, { method: 'POST', json: {} })).status,
    ).toBe(409);
  });

  it('refuses a malformed upload with what is wrong, and a code that is not right', async () => {
    const { token } = await enrolledDevice('Gate 3');
    const bad = await asDevice(token, '/api/gate/boardings', {
      method: 'POST',
      body: JSON.stringify({ marks: [{ nonce: 'no', ticketNumber: 'tk', scannedAt: 'then' }] }),
    });
    expect(bad.status).toBe(400);
    const wrong = await agent.request('/api/gate/enrolment', { method: 'POST', json: { code: 'AAAA-AAAA' } });
    expect(wrong.status).toBe(422);
  });

  it("lists the devices for admins in the console: a new one's code until it is used, then in use, then revoked", async () => {
    const deps = testDeps(handle.db, () => start);
    const open = async (browser: TestBrowser) =>
      openStaffPage(serveGateDevices, browser, deps, '/staff/gate-devices');
    const added = await admin.request('/api/staff/gate-devices', {
      method: 'POST',
      json: { name: 'Gate 4, Sekupang' },
    });
    const { id, setUpCode } = (await added.json()) as { id: string; setUpCode: string };
    const listed = async () => {
      const { page } = await open(admin);
      if (page instanceof Response || !page.allowed) throw new Error('the admin sees no list');
      return page.devices.find((device) => device.id === id);
    };
    expect(await listed()).toMatchObject({ name: 'Gate 4, Sekupang', state: 'waiting', setUpCode });
    expect((await open(agent)).status).toBe(403);
    await agent.request('/api/gate/enrolment', { method: 'POST', json: { code: setUpCode } });
    const enrolled = await listed();
    expect(enrolled?.state).toBe('enrolled');
    expect(enrolled?.setUpCode).toBeUndefined();
    await admin.request(`/api/staff/gate-devices/${id}/revocation`, { method: 'POST', json: {} });
    expect((await listed())?.state).toBe('revoked');
  });
});
