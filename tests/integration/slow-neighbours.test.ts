import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { deliverMails } from '../../src/server/jobs/deliver-mails.ts';
import type { Mailer } from '../../src/server/mail/transport.ts';
import { Network } from '../../src/server/network.ts';
import type { PaymentGateway } from '../../src/server/payments/gateway.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox.ts';
import { TEST_SANDBOX_SECRET, testApp } from '../support/app.ts';
import { bookingReadyToPay, pay } from '../support/booking-flow.ts';
import { pglite, seeded } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const now = new Date('2026-11-21T10:00:00Z');
const SLOW_MS = 3000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The embedded default has one connection: a transaction open across a slow network call would stall every other
 * request. With a gateway and a mail server that each take 3 s, a schedule search made meanwhile stays fast.
 */
describe('a slow gateway or mail server on the embedded database', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  const sandbox = createSandboxGateway({
    secret: TEST_SANDBOX_SECRET,
    database: () => Promise.resolve(handle.db),
    clock: () => now,
  });
  const slowGateway: PaymentGateway = {
    ...sandbox,
    createVirtualAccount: async (request) => {
      await sleep(SLOW_MS);
      return sandbox.createVirtualAccount(request);
    },
  };

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await pglite.create(), now, 20));
  });
  afterAll(() => drop());

  /** How long a schedule search takes while `busy` runs, and what `busy` answered. */
  async function searchWhile<T>(app: ReturnType<typeof testApp>, busy: Promise<T>) {
    await sleep(300); // the slow call is under way
    const started = performance.now();
    const search = await app.request('/api/schedules?from=BTC&to=HFC&date=2026-12-05&adults=2');
    const ms = performance.now() - started;
    expect(search.status).toBe(200);
    return { ms, result: await busy };
  }

  it('answers a search at once while "Pay" waits 3 s for the gateway', { timeout: 20_000 }, async () => {
    const app = testApp(handle.db, now, slowGateway);
    const { id } = await bookingReadyToPay(app, { date: '2026-12-01' });
    const { ms, result } = await searchWhile(app, Promise.resolve(pay(app, id, 'bni')));
    expect(result.status).toBe(200);
    console.log(`search during a 3 s "Pay": ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(1000);
  });

  it(
    'answers a search at once while the mail job waits 3 s for the mail server, and sends each mail once',
    { timeout: 20_000 },
    async () => {
      const app = testApp(handle.db, now);
      for (const date of ['2026-12-02', '2026-12-03']) {
        const { id } = await bookingReadyToPay(app, { date });
        await pay(app, id, 'bri');
      }
      const sent: string[] = [];
      const slowMailer: Mailer = {
        send: async (message) => {
          await sleep(SLOW_MS / 2);
          sent.push(`${message.to} ${message.subject}`);
          return { id: String(sent.length) };
        },
      };
      const context = {
        db: handle.db,
        network: new Network(),
        mailer: slowMailer,
        siteUrl: 'https://x.example',
        now,
      };
      // Two runs at once, as two processes' jobs would: each mail is claimed by one of them.
      const { ms, result } = await searchWhile(
        app,
        Promise.all([deliverMails(context), deliverMails(context)]),
      );
      console.log(`search during a 3 s mail run: ${ms.toFixed(0)} ms`);
      expect(ms).toBeLessThan(1000);
      expect(result.reduce((a, b) => a + b, 0)).toBe(sent.length);
      expect(new Set(sent).size).toBe(sent.length);
      expect(await deliverMails(context)).toBe(0);
    },
  );
});
