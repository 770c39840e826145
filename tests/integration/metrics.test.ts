import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { readBacklog } from '../../src/server/db/queries/backlog.ts';
import { extendSailings, upsertNetwork } from '../../src/server/db/seed.ts';
import { loadNetworkData } from '../../src/server/network-data.ts';
import { handleInScope } from '../../src/server/observability/access-log.ts';
import { provideMetricSources } from '../../src/server/observability/metrics.ts';
import { serveMetrics } from '../../src/server/observability/metrics-server.ts';
import { nameRoute } from '../../src/server/observability/request-scope.ts';
import '../../src/server/observability/backlog.ts';
import { testApp } from '../support/app.ts';
import { bookingReadyToPay } from '../support/booking-flow.ts';
import { testDatabases } from '../support/databases.ts';

const now = new Date('2026-11-21T10:00:00Z');

const listening = (server: Server) =>
  new Promise<string>((resolve) => {
    const origin = () => `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    if (server.listening) resolve(origin());
    else
      server.once('listening', () => {
        resolve(origin());
      });
  });

/** One sample's value from Prometheus's text format, or undefined when the series is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(testDatabases)('the operator’s metrics on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let metrics: Server;
  let scrapeAt = now;
  const scrape = async (origin: string) => {
    const answer = await fetch(`${origin}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toContain('text/plain');
    return answer.text();
  };

  beforeAll(async () => {
    ({ handle, drop } = await database.create());
    const network = loadNetworkData();
    await upsertNetwork(handle.db, network);
    await extendSailings(handle.db, network, now, 20);
    provideMetricSources({ backlog: () => readBacklog(handle.db, scrapeAt) });
    metrics = serveMetrics(0, '127.0.0.1');
  });
  afterAll(async () => {
    metrics.close();
    await drop();
  });

  it('counts the use cases run and reads the holds and the sweeper’s lag from the database', async () => {
    const origin = await listening(metrics);
    const before = (await scrape(origin)) || '';
    const holds = sample(before, 'segara_use_case_runs_total{use_case="hold-seats",outcome="ok"}') ?? 0;
    const app = testApp(handle.db, now);
    await bookingReadyToPay(app, { date: '2026-12-01' });
    // A scrape reads the backlog at most once a second: wait that out, so the next one reads it again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await scrape(origin);
    expect(sample(after, 'segara_use_case_runs_total{use_case="hold-seats",outcome="ok"}')).toBe(holds + 1);
    expect(sample(after, 'segara_holds{state="open"}')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'segara_holds{state="overdue"}')).toBe(0);
    expect(sample(after, 'segara_sailing_horizon_days')).toBeGreaterThan(15);
    expect(after).toContain('process_cpu_seconds_total');

    // A day later, unswept: the hold is overdue, and the sweeper's lag says for how long.
    scrapeAt = new Date(now.getTime() + 24 * 3600_000);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const stalled = await scrape(origin);
    expect(sample(stalled, 'segara_holds{state="overdue"}')).toBeGreaterThanOrEqual(1);
    expect(sample(stalled, 'segara_sweeper_lag_seconds')).toBeGreaterThan(20 * 3600);
    scrapeAt = now;
  });

  it('answers only /metrics on its port', async () => {
    const origin = await listening(metrics);
    expect((await fetch(`${origin}/`)).status).toBe(404);
    expect((await fetch(`${origin}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});

describe('each request of the Node server, in a scope of its own', () => {
  const served = (trustProxy: boolean) =>
    createServer((req, res) => {
      handleInScope(req, res, trustProxy, () => {
        nameRoute('/api/test/:id');
        res.end('ok');
      });
    }).listen(0, '127.0.0.1');

  it('answers with the trusted proxy’s request id, or a new one, and counts the route', async () => {
    const trusted = served(true);
    const untrusted = served(false);
    const metricsServer = serveMetrics(0, '127.0.0.1');
    try {
      const headers = { 'X-Request-Id': 'caddy-4f2a9c1e7b' };
      const viaProxy = await fetch(`${await listening(trusted)}/api/test/1`, { headers });
      expect(viaProxy.headers.get('X-Request-Id')).toBe('caddy-4f2a9c1e7b');
      const direct = await fetch(`${await listening(untrusted)}/api/test/2`, { headers });
      expect(direct.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
      const text = await (await fetch(`${await listening(metricsServer)}/metrics`)).text();
      expect(sample(text, 'http_requests_total{method="GET",route="/api/test/:id",status="200"}')).toBe(2);
    } finally {
      trusted.close();
      untrusted.close();
      metricsServer.close();
    }
  });
});
