import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { savedPassengers, users } from '../../src/server/db/schema/accounts.ts';
import { savedPassengerOf } from '../../src/server/services/saved-passengers.ts';
import { MAX_SAVED_PASSENGERS } from '../../src/server/use-cases/save-passenger.ts';
import { ACCOUNT_PASSWORD } from '../factories/accounts.ts';
import type { testApp } from '../support/app.ts';
import { accountsApi } from '../support/app.ts';
import { TestBrowser } from '../support/browser.ts';
import { testDatabases } from '../support/databases.ts';

const now = new Date('2026-11-23T03:00:00Z');
const siti = {
  fullName: 'Siti Rahma',
  dateOfBirth: '1988-02-14',
  passportNumber: 'B1234567',
  passportIssued: '2022-05-01',
  passportExpiry: '2032-05-01',
  passportCountry: 'ID',
};

describe.each(testDatabases)('the Passenger list (/api/passengers) on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let api: ReturnType<typeof testApp>;

  beforeAll(async () => {
    ({ handle, drop, api } = await accountsApi(database, now, [
      { email: 'hana@example.com' },
      { email: 'joko@example.com' },
    ]));
  });
  afterAll(() => drop());

  async function holder(email: string) {
    const browser = new TestBrowser(api);
    await browser.logIn(email, ACCOUNT_PASSWORD);
    return browser;
  }
  const list = async (browser: TestBrowser) =>
    (
      (await (await browser.request('/api/passengers')).json()) as {
        data: { id: string; fullName: string }[];
      }
    ).data;

  it('adds, lists, changes and deletes a saved passenger', async () => {
    const hana = await holder('hana@example.com');
    expect(await list(hana)).toEqual([]);
    const added = await hana.request('/api/passengers', { method: 'POST', json: siti });
    expect(added.status).toBe(201);
    // Passports are never kept by a cache on the way; the API's public routes keep their own caching.
    expect(added.headers.get('Cache-Control')).toBe('no-store');
    expect((await hana.request('/api/profile')).headers.get('Cache-Control')).toBe('no-store');
    expect((await api.request('/api/boarding-pass/keys')).headers.get('Cache-Control')).toContain('public');
    const { id } = (await added.json()) as { id: string };
    expect(await list(hana)).toEqual([{ id, ...siti, nationality: null, sex: null }]);
    const changed = await hana.request(`/api/passengers/${id}`, {
      method: 'PUT',
      json: { ...siti, passportNumber: 'c7654321' },
    });
    expect(changed.status).toBe(200);
    expect(await list(hana)).toMatchObject([{ id, passportNumber: 'C7654321' }]);
    expect((await hana.request(`/api/passengers/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await list(hana)).toEqual([]);
  });

  it("answers 404 for another account's passenger, and leaves it as it was", async () => {
    const hana = await holder('hana@example.com');
    const joko = await holder('joko@example.com');
    const { id } = (await (await hana.request('/api/passengers', { method: 'POST', json: siti })).json()) as {
      id: string;
    };
    const edit = await joko.request(`/api/passengers/${id}`, {
      method: 'PUT',
      json: { ...siti, fullName: 'X' },
    });
    expect(edit.status).toBe(404);
    expect((await joko.request(`/api/passengers/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await joko.request('/api/passengers/not-a-uuid', { method: 'DELETE' })).status).toBe(404);
    expect(await list(joko)).toEqual([]);
    expect(await list(hana)).toMatchObject([{ id, fullName: 'Siti Rahma' }]);
    // Logged out: no list at all.
    expect((await api.request('/api/passengers')).status).toBe(401);
  });

  // The form page /passenger-list/{id} (passenger-list/_passenger-form.ts) opens only the holder's own passenger.
  it("finds a passenger for its form page only among the account's own, whatever the id", async () => {
    const hana = await holder('hana@example.com');
    const { id } = (await (await hana.request('/api/passengers', { method: 'POST', json: siti })).json()) as {
      id: string;
    };
    const userId = async (email: string) =>
      (await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? '';
    const [hanaId, jokoId] = [await userId('hana@example.com'), await userId('joko@example.com')];
    expect(await savedPassengerOf(handle.db, hanaId, id)).toEqual({
      id,
      ...siti,
      nationality: null,
      sex: null,
    });
    expect(await savedPassengerOf(handle.db, jokoId, id)).toBeUndefined();
    expect(await savedPassengerOf(handle.db, hanaId, randomUUID())).toBeUndefined();
    expect(await savedPassengerOf(handle.db, hanaId, 'not-a-uuid')).toBeUndefined();
  });

  it('checks the passport by the booking rules, with today as the travel date', async () => {
    const hana = await holder('hana@example.com');
    const soon = await hana.request('/api/passengers', {
      method: 'POST',
      json: { ...siti, passportExpiry: '2027-05-22' },
      headers: { 'Accept-Language': 'id' },
    });
    expect(soon.status).toBe(422);
    expect(await soon.json()).toMatchObject({ errors: { passportExpiry: [expect.any(String)] } });
    const future = await hana.request('/api/passengers', {
      method: 'POST',
      json: { ...siti, passportIssued: '2026-12-01', dateOfBirth: '2027-01-01' },
    });
    expect(future.status).toBe(422);
    expect(Object.keys(((await future.json()) as { errors: object }).errors).sort()).toEqual([
      'dateOfBirth',
      'passportIssued',
    ]);
    const empty = await hana.request('/api/passengers', { method: 'POST', json: {} });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      errors: {
        fullName: ['Full Name is required'],
        passportNumber: ['Passport Number is required'],
        passportCountry: ['Passport Issuing Country is required'],
      },
    });
  });

  it(`holds at most ${String(MAX_SAVED_PASSENGERS)} passengers`, async () => {
    const joko = await holder('joko@example.com');
    const { data } = (await (await joko.request('/api/passengers')).json()) as { data: unknown[] };
    for (let index = data.length; index < MAX_SAVED_PASSENGERS; index++)
      expect((await joko.request('/api/passengers', { method: 'POST', json: siti })).status).toBe(201);
    const full = await joko.request('/api/passengers', { method: 'POST', json: siti });
    expect(full.status).toBe(422);
    expect(await full.json()).toMatchObject({ errors: { passenger: [expect.stringContaining('50')] } });
    expect((await handle.db.select().from(savedPassengers)).length).toBeGreaterThanOrEqual(
      MAX_SAVED_PASSENGERS,
    );
  });
});
