import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { testApp, testDeps } from '../support/app.ts';
import { createOAuthApp } from '../../src/server/http/oauth-app.ts';
import { isDraining, startDraining } from '../../src/server/http/readiness.ts';
import { apiRead } from '../../src/server/http/reads.ts';

/** The process-wide flag readiness.ts keeps, put back so no other test sees this process as draining. */
const DRAINING = Symbol.for('segara-ferry.draining');

describe('GET /api/health', () => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof testApp>;
  beforeAll(async () => {
    handle = await openDatabase({ pgliteDir: 'memory://' });
    app = testApp(handle.db);
  });
  afterAll(() => handle.close());

  it('answers ok with the app version, never cached', async () => {
    const response = await app.request('/api/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok', version: pkg.version });
  });

  it('answers an unknown API path with a localized JSON 404', async () => {
    const en = await app.request('/api/nothing-here');
    expect(en.status).toBe(404);
    expect(await en.json()).toEqual({ message: 'Not found' });
    const id = await app.request('/api/nothing-here', { headers: { 'Accept-Language': 'id-ID,id;q=0.9' } });
    expect(await id.json()).toEqual({ message: 'Tidak ditemukan' });
  });

  it('is ready until the process drains, then tells the proxy to send its requests elsewhere', async () => {
    try {
      const ready = await app.request('/api/ready');
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready' });
      startDraining();
      expect(isDraining()).toBe(true);
      const draining = await app.request('/api/ready');
      expect(draining.status).toBe(503);
      expect(draining.headers.get('Cache-Control')).toBe('no-store');
      expect(await draining.json()).toEqual({ status: 'draining' });
      // Still alive and serving what it has: only the proxy's choice changes.
      expect((await app.request('/api/health')).status).toBe(200);
    } finally {
      (globalThis as Record<symbol, unknown>)[DRAINING] = false;
    }
  });
});

describe('the database away', () => {
  // A real PostgreSQL client on a port where nothing listens: every query meets a refused connection, as while the
  // server restarts. (Port 9 is discard, never a PostgreSQL.)
  let handle: DatabaseHandle;
  let app: ReturnType<typeof testApp>;
  beforeAll(async () => {
    handle = await openDatabase({ url: 'postgres://postgres@127.0.0.1:9/segara', poolMax: 2 });
    app = testApp(handle.db);
  });
  afterAll(() => handle.close());

  it("answers health, a search and a hold 503 with Retry-After in the reader's language, never 500", async () => {
    const health = await app.request('/api/health');
    expect(health.status).toBe(503);
    expect(health.headers.get('Retry-After')).toBe('5');
    const search = await app.request('/api/schedules?trip=one_way&from=BTC&to=HFC&date=2026-12-20&adults=1', {
      headers: { 'Accept-Language': 'id-ID,id;q=0.9' },
    });
    expect(search.status).toBe(503);
    expect(search.headers.get('Retry-After')).toBe('5');
    expect(await search.json()).toEqual({
      message:
        'Sistem pemesanan sedang tidak tersedia sebentar. Silakan coba lagi dalam satu menit; apa yang sudah Anda lakukan tidak hilang.',
    });
    const hold = await app.request('/api/bookings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ trip: 'one_way', out: '00000000-0000-4000-8000-000000000000', adults: 1 }),
    });
    expect(hold.status).toBe(503);
    expect((await hold.json()) as unknown).toEqual({
      message:
        'The booking system is unavailable for a moment. Please try again in a minute: nothing you have done so far is lost.',
    });
    // Ready all the same: the proxy has no better process to send it to, and each one says why itself.
    expect((await app.request('/api/ready')).status).toBe(200);
  });

  it('answers a search the Node server reads itself just as the app does', async () => {
    const read = apiRead('/api/schedules', testDeps(handle.db));
    const query = { trip: 'one_way', from: 'BTC', to: 'HFC', date: '2026-12-20', adults: '1' };
    const app503 = await app.request(`/api/schedules?${new URLSearchParams(query).toString()}`);
    const body: unknown = await app503.json();
    expect(await read?.(query, 'en')).toEqual({ status: 503, headers: { 'Retry-After': '5' }, body });
  });

  it.each([
    ['a password login', 'grant_type=password&username=siti@example.co.id&password=y'],
    // Not rate-limited first: the OAuth library meets the database itself and wraps what it threw.
    ['a refreshed session', 'grant_type=refresh_token&refresh_token=r3fr35h'],
    ['a client token', 'grant_type=client_credentials'],
  ])('answers %s temporarily_unavailable with Retry-After, as OAuth says', async (_what, grant) => {
    const oauth = createOAuthApp(testDeps(handle.db));
    const login = await oauth.request('/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `${grant}&client_id=segara-web&client_secret=x`,
    });
    expect(login.status).toBe(503);
    expect(login.headers.get('Retry-After')).toBe('5');
    expect(((await login.json()) as { error: string }).error).toBe('temporarily_unavailable');
  });
});
