import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { hostileString } from '../fuzz/support/hostile.ts';
import { formFieldNames, formRoutes, pageRoutes } from '../fuzz/support/page-routes.ts';

/**
 * Every page and form post, in both languages, on a production server of its own whose log this test reads: any
 * path parameter, query and form body (fields named by the shared schemas, hostile values, over-long bodies) gets a
 * page or a redirect, never a 5xx, never a broken or unbounded Location, and nothing logged as an error.
 */
const PORT = 4331;
const base = `http://127.0.0.1:${String(PORT)}`;
const runs = Number(process.env.FUZZ_RUNS ?? 150) * 5;
const DB = 'data/fuzz-pglite';

let server: ChildProcess | undefined;
let log = '';

test.beforeAll(async () => {
  test.setTimeout(120_000); // the database set up, then the server's first start (below)
  rmSync(DB, { recursive: true, force: true });
  const env = {
    ...process.env,
    PGLITE_DIR: DB,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    SITE_URL: base,
    ALLOW_SANDBOX_GATEWAY: '1',
  };
  spawnSync(process.execPath, ['scripts/db-setup.ts'], { env, stdio: 'ignore' });
  server = spawn(process.execPath, ['src/server/main.ts'], {
    env: { ...env, OUTBOX_DIR: 'data/fuzz-outbox' },
  });
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stdout?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (/error/i.test(text)) log += text;
  });
  // Up to a minute: beside another worker's browser on 2 cores, a fresh server's first start (migrations read, the
  // sailings' horizon written) took longer than the 10 s once allowed. A server that exits stops the wait at once.
  for (let i = 0; i < 600 && server.exitCode === null; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fuzz server did not start (exit code ${String(server.exitCode)}): ${log}`);
});
test.afterAll(() => {
  server?.kill('SIGTERM');
});

// The title stays the same in every process Playwright loads this file in; the seed is chosen in the test and printed.
test('every page and form post answers any request cleanly', async () => {
  test.setTimeout(240_000); // about a minute on a quiet 2-core machine
  const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
  console.log(`page fuzz: seed ${String(seed)} (replay: FUZZ_SEED=${String(seed)})`);
  // A booking of this server's own, so some requests reach a real booking's pages.
  const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const found = (await (await fetch(`${base}/api/schedules?from=BTC&to=HFC&date=${day}`)).json()) as {
    outbound?: { sailings: { id: string }[] };
  };
  const held = (await (
    await fetch(`${base}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ out: found.outbound?.sailings[0]?.id, adults: 1 }),
    })
  ).json()) as { id: string };
  const routes = pageRoutes();
  const fields = formFieldNames();
  const segment = fc.oneof(
    fc.constant(held.id),
    fc.constantFrom('btc-hfc', 'AAAAAAAAAAAAAAAAAAAAAAAA', '%zz', '%C0%AF', '..'),
    hostileString.map((s) => encodeURIComponent(s.slice(0, 300).toWellFormed())),
  );
  const form = fc.dictionary(
    fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...fields) }, { weight: 1, arbitrary: hostileString }),
    fc.oneof(hostileString, fc.constantFrom('1', 'on', 'bni', 'two_way', 'BTC', day, held.id)),
    { maxKeys: 8 },
  );
  const requests = fc.record({
    route: fc.constantFrom(...routes),
    params: fc.array(segment, { minLength: 2, maxLength: 2 }),
    method: fc.constantFrom('GET', 'POST'),
    query: fc.dictionary(fc.constantFrom(...fields, 'holdError', 'lang', 'for', 'step'), hostileString, {
      maxKeys: 3,
    }),
    form,
    type: fc.constantFrom(
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
    ),
  });
  let sent = 0;
  async function send(method: string, path: string, query: string, body: string, type: string) {
    sent += 1;
    const response = await fetch(`${base}${path}${query ? `?${query}` : ''}`, {
      method,
      redirect: 'manual',
      headers: method === 'POST' ? { 'Content-Type': type, Origin: base } : {},
      ...(method === 'POST' ? { body } : {}),
    });
    await response.arrayBuffer();
    const where = `${method} ${path} ${body.slice(0, 200)}`;
    expect(response.status, where).toBeLessThan(500);
    const location = response.headers.get('Location');
    if (location !== null) {
      expect(location.length, where).toBeLessThan(2048);
      expect(location, where).toMatch(/^\/[\x21-\x7e]*$/);
    }
    expect(log, where).toBe('');
  }
  const encode = (entries: [string, string][]) =>
    new URLSearchParams(entries.map(([k, v]) => [k.toWellFormed(), v.toWellFormed()])).toString();

  // Exhaustive: every form route with each hostile value in every field at once (a schema reads them all), on
  // ids that make broken headers if echoed raw (all of them at once in the longest value make a body over the
  // limit); and each field alone with a NUL byte (one reaching a query killed the embedded database once) and with
  // the longest value. Every field alone with every value grew with each form (14,000 posts, 4 minutes).
  const odd = ['\u0000', 'a\u202Eb', '😀', 'a\r\nb', 'w'.repeat(10_000), '%zz', ''];
  for (const route of formRoutes()) {
    for (const id of route.includes(':id') ? [held.id, ...odd.map(encodeURIComponent)] : ['-'])
      for (const value of odd)
        await send(
          'POST',
          route.replace(':id', id),
          '',
          encode(fields.map((field) => [field, value])),
          'application/x-www-form-urlencoded',
        );
    for (const field of fields)
      for (const value of ['\u0000', 'w'.repeat(10_000)])
        await send(
          'POST',
          route.replace(':id', held.id),
          '',
          encode([[field, value]]),
          'application/x-www-form-urlencoded',
        );
  }

  // The verify page's steps, named in the address (a post without one does nothing): each of its fields, each
  // hostile value, on the held booking and on ids that would break a header if echoed.
  for (const route of routes.filter((path) => path.endsWith('/verify')))
    for (const id of [held.id, ...['\u0000', 'a\r\nb'].map(encodeURIComponent)])
      for (const step of ['for=cancel&step=send', 'for=cancel&step=email', 'for=attach&step=code', 'step=x'])
        for (const field of ['code', 'email'])
          for (const value of odd)
            await send(
              'POST',
              route.replace(':id', id),
              step,
              encode([[field, value]]),
              'application/x-www-form-urlencoded',
            );

  // Random: any route, either method, any query and form.
  await fc.assert(
    fc.asyncProperty(requests, async (request) => {
      let i = 0;
      const path = request.route.replace(/:\w+/g, () => request.params[i++] ?? 'x');
      const query = encode(Object.entries(request.query).map(([k, v]) => [k, v.slice(0, 500)]));
      await send(request.method, path, query, encode(Object.entries(request.form)), request.type);
    }),
    { numRuns: runs, seed },
  );
  console.log(
    `page fuzz: ${String(sent)} requests over ${String(routes.length)} routes (seed ${String(seed)})`,
  );
});
