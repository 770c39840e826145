import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openApiDoor, type ApiDoor } from '../../../../src/server/http/api-door.ts';
import { serveApi } from '../../../../src/server/http/node-door.ts';
import { shapedOnce } from '../../../../src/server/services/shaped-once.ts';
import { translate } from '../../../../src/i18n/translate.ts';
import { log } from '../../../../src/server/observability/log.ts';
import { currentScope, inScope } from '../../../../src/server/observability/request-scope.ts';

let server: Server | undefined;

/** A Node server that answers through the API's door, and says 'astro' for what the door leaves to Astro. */
async function nodeServer(trustProxy = false): Promise<string> {
  const listening = createServer((req, res) => {
    inScope({ requestId: 'req-12345678' }, () => {
      if (!serveApi(req, res, trustProxy)) res.end('astro');
    });
  });
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${String((listening.address() as AddressInfo).port)}`;
}

afterEach(async () => {
  // Closed again: each test opens the door it needs.
  openApiDoor(undefined);
  vi.restoreAllMocks();
  await new Promise((resolve) => server?.close(resolve));
});

describe("the API's door in the Node server", () => {
  it('leaves every request to Astro until the bundle opens the door, and pages always', async () => {
    const origin = await nodeServer();
    expect(await (await fetch(`${origin}/api/health`)).text()).toBe('astro');
    openApiDoor(() => Promise.resolve(new Response(currentScope()?.route)));
    // Named as the API's until its router names the route it matched.
    expect(await (await fetch(`${origin}/api/health`)).text()).toBe('/api/[...path]');
    expect(await (await fetch(`${origin}/id/jadwal`)).text()).toBe('astro');
    // Astro redirects a trailing slash away, as it always did.
    expect(await (await fetch(`${origin}/api/health/`)).text()).toBe('astro');
  });

  it('hands the app the URL, method, headers, body and client address as they came', async () => {
    const origin = await nodeServer(true);
    const seen: {
      url: string;
      method: string;
      type: string | null;
      body: string;
      address: string | undefined;
    }[] = [];
    const door: ApiDoor = async (request, address) => {
      const body = await request.text();
      seen.push({
        url: request.url,
        method: request.method,
        type: request.headers.get('content-type'),
        body,
        address,
      });
      return new Response(null, { status: 204 });
    };
    openApiDoor(door);
    await fetch(`${origin}/api/holds?x=1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-Proto': 'https' },
      body: JSON.stringify({ sailing: 'a'.repeat(100_000) }),
    });
    expect(seen[0]).toMatchObject({
      url: `https://${origin.slice('http://'.length)}/api/holds?x=1`,
      method: 'POST',
      type: 'application/json',
      address: '127.0.0.1',
    });
    expect(seen[0]?.body).toHaveLength(100_000 + '{"sailing":""}'.length);
  });

  it('sends the status, every header (each cookie on its own) and the body with its length', async () => {
    const origin = await nodeServer();
    openApiDoor(() => {
      const headers = new Headers({ 'Content-Type': 'application/json', 'Retry-After': '2' });
      headers.append('Set-Cookie', 'a=1; HttpOnly');
      headers.append('Set-Cookie', 'b=2; HttpOnly');
      return Promise.resolve(new Response('{"message":"busy"}', { status: 503, headers }));
    });
    const response = await fetch(`${origin}/api/bookings`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(response.headers.getSetCookie()).toEqual(['a=1; HttpOnly', 'b=2; HttpOnly']);
    expect(response.headers.get('content-length')).toBe('18');
    expect(await response.json()).toEqual({ message: 'busy' });
  });

  it('answers 500 in the reader’s language and logs when the app fails unforeseen', async () => {
    const origin = await nodeServer();
    const logged = vi.spyOn(log, 'error').mockImplementation(() => undefined);
    openApiDoor(() => Promise.reject(new Error('boom')));
    const response = await fetch(`${origin}/api/health`, { headers: { 'Accept-Language': 'id' } });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: translate('notification_generic_error', 'id') });
    expect(logged).toHaveBeenCalledOnce();
  });

  it('keeps an answer’s own CSP from letting the page be framed', async () => {
    const origin = await nodeServer();
    openApiDoor(() =>
      Promise.resolve(
        new Response('png', { headers: { 'Content-Security-Policy': "default-src 'none'; sandbox" } }),
      ),
    );
    const response = await fetch(`${origin}/api/account/picture`);
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; sandbox; frame-ancestors 'none'",
    );
  });

  it('serves the next request on a kept-alive connection after refusing a body it never read', async () => {
    const origin = await nodeServer();
    openApiDoor((request) =>
      Promise.resolve(new Response(null, { status: request.method === 'POST' ? 413 : 204 })),
    );
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, body?: Buffer) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${origin}/api/account/picture`, { method, agent }, (res) => {
          res.resume();
          res.on('end', () => {
            resolve(res.statusCode ?? 0);
          });
        });
        req.setTimeout(3000, () => req.destroy(new Error('the connection stalled')));
        req.on('error', reject);
        req.end(body);
      });
    try {
      expect(await send('POST', Buffer.alloc(1_000_000))).toBe(413);
      expect(await send('GET')).toBe(204);
    } finally {
      agent.destroy();
    }
  });

  it('answers a read itself: the query as Hono reads it, the reader’s language, JSON with its length', async () => {
    const origin = await nodeServer();
    const asked: unknown[] = [];
    openApiDoor(
      () => Promise.resolve(new Response('the app')),
      (path) =>
        path === '/api/schedules'
          ? (query, locale) => {
              asked.push({ query, locale, route: currentScope()?.route });
              const headers = { 'Cache-Control': 'public, max-age=15', Vary: 'Accept-Language' };
              return Promise.resolve({ status: 200, headers, body: { found: 'ditemukan' } });
            }
          : undefined,
    );
    const response = await fetch(`${origin}/api/schedules?from=Batam+Centre&from=BTC&date=2026-12-20`, {
      headers: { 'Accept-Language': 'id-ID,id;q=0.9', 'Accept-Encoding': 'gzip' },
    });
    expect(asked).toEqual([
      { query: { from: 'Batam Centre', date: '2026-12-20' }, locale: 'id', route: '/api/schedules' },
    ]);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'cache-control': 'public, max-age=15',
      'content-type': 'application/json',
      'content-length': '21',
      vary: 'Accept-Language, Accept-Encoding',
    });
    // Short: not worth gzipping.
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe('{"found":"ditemukan"}');
    await fetch(`${origin}/api/schedules?lang=en`, { headers: { 'Accept-Language': 'id' } });
    expect(asked[1]).toMatchObject({ query: { lang: 'en' }, locale: 'en' });
  });

  it('gzips a read’s long answer for a client that asks', async () => {
    const origin = await nodeServer();
    const body = { sailings: Array.from({ length: 100 }, (_, i) => ({ id: i, from: 'BTC' })) };
    openApiDoor(
      () => Promise.resolve(new Response('the app')),
      () => () => Promise.resolve({ status: 400, headers: {}, body }),
    );
    const raw = await new Promise<{ headers: Record<string, unknown>; bytes: Buffer }>((resolve, reject) => {
      httpRequest(`${origin}/api/schedules`, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({ headers: res.headers, bytes: Buffer.concat(chunks) });
        });
      })
        .on('error', reject)
        .end();
    });
    expect(raw.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
    expect(raw.headers['content-length']).toBe(String(raw.bytes.length));
    expect(JSON.parse(gunzipSync(raw.bytes).toString())).toEqual(body);
  });

  it('serializes and gzips an answer shaped once a single time, and any other body at each answer', async () => {
    const origin = await nodeServer();
    const sailings = Array.from({ length: 100 }, (_, i) => ({ id: i, from: 'BTC' }));
    const shape = shapedOnce<{ sailings: typeof sailings }>();
    const shaped = shape([{}, {}], 'BTC', [], 0, () => ({
      shape: { sailings },
      changesAt: Number.POSITIVE_INFINITY,
    }));
    const other = { seats: 1 };
    let body: unknown = shaped;
    openApiDoor(
      () => Promise.resolve(new Response('the app')),
      () => () => Promise.resolve({ status: 200, headers: {}, body }),
    );
    const stringify = vi.spyOn(JSON, 'stringify');
    const read = async (encoding: string) => {
      const response = await fetch(`${origin}/api/schedules`, { headers: { 'Accept-Encoding': encoding } });
      return (await response.json()) as unknown;
    };
    expect(await read('gzip')).toEqual(shaped);
    expect(await read('identity')).toEqual(shaped);
    expect(await read('gzip')).toEqual(shaped);
    expect(stringify.mock.calls.filter(([value]) => value === shaped)).toHaveLength(1);
    body = other;
    expect(await read('identity')).toEqual({ seats: 1 });
    other.seats = 2;
    expect(await read('identity')).toEqual({ seats: 2 });
  });

  it('leaves to the app what is not a plain GET of a read', async () => {
    const origin = await nodeServer();
    const read = vi.fn(() => Promise.resolve({ status: 200, headers: {}, body: {} }));
    openApiDoor(
      (request) => Promise.resolve(new Response(`the app: ${request.method}`)),
      (path) => (path === '/api/schedules' ? read : undefined),
    );
    const text = async (path: string, init?: RequestInit) => (await fetch(`${origin}${path}`, init)).text();
    expect(await text('/api/bookings')).toBe('the app: GET');
    expect(await text('/api/schedules', { method: 'POST', body: '{}' })).toBe('the app: POST');
    expect(await text('/api/schedules', { method: 'DELETE' })).toBe('the app: DELETE');
    // A GET that carries a body: the app refuses one over its limit.
    const withBody = await new Promise<string>((resolve, reject) => {
      httpRequest(`${origin}/api/schedules`, { method: 'GET', headers: { 'Content-Length': '2' } }, (res) => {
        let answer = '';
        res.on('data', (chunk: Buffer) => (answer += chunk.toString()));
        res.on('end', () => {
          resolve(answer);
        });
      })
        .on('error', reject)
        .end('{}');
    });
    expect(withBody).toBe('the app: GET');
    expect((await fetch(`${origin}/api/schedules`, { method: 'HEAD' })).status).toBe(200);
    expect(await text('/api/schedules/')).toBe('astro');
    expect(read).not.toHaveBeenCalled();
  });
});
