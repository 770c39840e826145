// One API server process for the concurrency tests: the real Hono app on PostgreSQL (DATABASE_URL), served by
// node:http on a free port that it prints as `listening <port>`. Two of these share one database like two
// production processes behind a load balancer. TEST_SKIP_SEAT_LOCK=1 turns the seat lock off (tests only);
// TEST_GATEWAY_DELAY_MS makes the sandbox gateway as slow as a real one.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer } from 'node:http';
import { openDatabase } from '../../../src/server/db/client.ts';
import { createApp } from '../../../src/server/http/app.ts';
import { createRateLimits } from '../../../src/server/http/rate-limits.ts';
import { Network } from '../../../src/server/network.ts';
import type { PaymentGateway } from '../../../src/server/payments/gateway.ts';
import { createSandboxGateway } from '../../../src/server/payments/sandbox.ts';

/** A gateway that takes up to `maxDelayMs` (at random) to issue a VA, as real ones take hundreds of ms. */
function slowly(gateway: PaymentGateway, maxDelayMs: number): PaymentGateway {
  if (maxDelayMs <= 0) return gateway;
  return {
    ...gateway,
    createVirtualAccount: async (request) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * maxDelayMs));
      return gateway.createVirtualAccount(request);
    },
  };
}

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const handle = await openDatabase({ url, poolMax: 10 });
const app = createApp({
  database: () => Promise.resolve(handle.db),
  network: new Network(),
  clock,
  horizonDays: 120,
  lockSeats: process.env.TEST_SKIP_SEAT_LOCK !== '1',
  payments: {
    gateway: slowly(
      createSandboxGateway({
        secret: process.env.SANDBOX_GATEWAY_SECRET ?? 'test-sandbox-secret-0123456789',
        database: () => Promise.resolve(handle.db),
      }),
      Number(process.env.TEST_GATEWAY_DELAY_MS ?? 0),
    ),
    windowMinutes: 60,
  },
  siteUrl: 'http://localhost:4321',
  rateLimits: createRateLimits(() => Promise.resolve(handle.db), {
    holds: 1_000_000,
    lookups: 1_000_000,
    codeFailures: 1_000_000,
  }),
});

/**
 * TEST_CLOCK_AT_ARRIVAL=1: the app's clock answers, for the whole of a request, the time it arrived. That is how
 * the services decided before the deadline-race fix; the race tests run against it once to show they catch it.
 */
const arrival = new AsyncLocalStorage<Date>();
function clock(): Date {
  return process.env.TEST_CLOCK_AT_ARRIVAL === '1' ? (arrival.getStore() ?? new Date()) : new Date();
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers.set(name, value);
    const body = ['GET', 'HEAD'].includes(req.method ?? 'GET') ? null : new Uint8Array(Buffer.concat(chunks));
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers,
      body,
    });
    void arrival.run(new Date(), async () => {
      const response = await app.fetch(request);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? String(address.port) : ''}`);
});
process.on('SIGTERM', () => {
  server.close();
  void handle.close().then(() => process.exit(0));
});
