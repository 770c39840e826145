import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import type { SearchResult } from '../../src/server/services/search-schedules.ts';
import { ACCOUNT_PASSWORD, confirmedAccount } from '../factories/accounts.ts';
import { registerTestWebClient, testApp } from '../support/app.ts';
import { TestBrowser } from '../support/browser.ts';
import { pglite, seeded } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const now = new Date('2026-11-21T10:00:00Z');

/**
 * What the generated JSON doors do around a use case (http/use-case-routes.ts): the browser's cookies change only for
 * our own page, a failed login says why as its message, and a login limit says when to come back.
 */
describe('the use cases’ JSON doors', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let app: ReturnType<typeof testApp>;
  let sailing = '';

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await pglite.create(), now, 10));
    await registerTestWebClient(handle.db);
    await confirmedAccount(handle.db, { email: 'rina@example.com' });
    app = testApp(handle.db, now, undefined, {
      holds: 10_000,
      lookups: 10_000,
      codeFailures: 10_000,
      logins: 3,
    });
    const search = await app.request('/api/schedules?from=BTC&to=HFC&date=2026-11-25');
    sailing = ((await search.json()) as SearchResult).outbound?.sailings[0]?.id ?? '';
  });
  afterAll(() => drop());

  const statusOf = async (id: string) =>
    (await handle.db.select().from(bookings).where(eq(bookings.id, id)))[0]?.status;
  const holdBody = () => ({ json: { trip: 'one_way', out: sailing, adults: 1 }, method: 'POST' });

  it('replaces the hold a browser made before only from our own page, never for an API client', async () => {
    const browser = new TestBrowser(app);
    const first = (await (await browser.request('/api/bookings', holdBody())).json()) as { id: string };
    expect(browser.setCookie('segara_hold')).toMatch(/HttpOnly/i);
    const second = (await (await browser.request('/api/bookings', holdBody())).json()) as { id: string };
    expect(await statusOf(first.id)).toBe('expired'); // released, its seat back on sale
    expect(await statusOf(second.id)).toBe('held');

    // A script that keeps cookies but is not our page: each hold stands, and it is given no cookie.
    const client = await app.request('/api/bookings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: `segara_hold=${second.id}` },
      body: JSON.stringify(holdBody().json),
    });
    expect(client.status).toBe(201);
    expect(client.headers.getSetCookie()).toEqual([]);
    expect(await statusOf(second.id)).toBe('held');
  });

  it('keeps the seats of a held booking on request (POST /api/bookings/{id}/keep)', async () => {
    const held = (await (await new TestBrowser(app).request('/api/bookings', holdBody())).json()) as {
      id: string;
      expiresAt: string;
    };
    const kept = await app.request(`/api/bookings/${held.id}/keep`, { method: 'POST' });
    expect(kept.status).toBe(200);
    const { expiresAt } = (await kept.json()) as { expiresAt: string };
    expect(Date.parse(expiresAt) - Date.parse(held.expiresAt)).toBe(20 * 60_000);
    // Once only (the lifecycle's rule).
    expect((await app.request(`/api/bookings/${held.id}/keep`, { method: 'POST' })).status).toBe(409);
    expect(await app.request('/api/bookings/not-an-id/keep', { method: 'POST' })).toHaveProperty(
      'status',
      404,
    );
  });

  it('says a failed login as its message, and when to come back once the logins are spent', async () => {
    const browser = new TestBrowser(app);
    await browser.request('/api/session');
    const wrong = await browser.request('/api/session', {
      method: 'POST',
      json: { email: 'rina@example.com', password: 'not-the-password' },
    });
    expect(wrong.status).toBe(400);
    const body = (await wrong.json()) as { message: string; errors: { password: string[] } };
    expect(body.message).toMatch(/^The email or password is not correct/);
    expect(body.errors.password).toEqual([body.message]);
    let limited: Response | undefined;
    for (let attempt = 0; attempt < 5 && limited?.status !== 429; attempt++)
      limited = await browser.request('/api/session', {
        method: 'POST',
        json: { email: 'rina@example.com', password: ACCOUNT_PASSWORD },
      });
    expect(limited?.status).toBe(429);
    expect(limited?.headers.get('Retry-After')).toBe('60');
  });
});
