import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { paymentReceipts, payments } from '../../src/server/db/schema/payments.ts';
import { paymentAnomalies } from '../../src/server/db/schema/anomalies.ts';
import { sandboxSignature } from '../../src/server/payments/sandbox.ts';
import { TEST_SANDBOX_SECRET, testApp } from '../support/app.ts';
import { bookingReadyToPay, pay } from '../support/booking-flow.ts';
import { pglite, seeded } from '../support/databases.ts';
import { hostileDate, hostileJson, hostileNumber, hostileString } from './support/hostile.ts';
import { log } from '../../src/server/observability/log.ts';

/**
 * Genuinely signed gateway callbacks carrying odd values (amounts 0, negative, past 32-bit or fractional; ids past
 * their columns; absurd times; not JSON at all): always acknowledged with a 2xx, so the gateway never retries in a
 * loop, and always kept: as a receipt when it can be applied, else as an anomaly for the agency.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 150) * 2;
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const now = new Date('2026-11-21T10:00:00Z');

/** What a 2xx answer may say, and what each leaves behind. */
const receipted = new Set(['confirmed', 'underpaid', 'late_seats_gone', 'already_paid']);
const anomalous = new Set(['anomaly', 'unknown']);
const recordedBefore = new Set(['duplicate']);

describe('signed callbacks with odd values', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let app: ReturnType<typeof testApp>;
  const vas: { externalId: string; amount: number }[] = [];

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await pglite.create(), now, 40));
    app = testApp(handle.db, now);
    for (const date of ['2026-12-01', '2026-12-02', '2026-12-03']) {
      const { id } = await bookingReadyToPay(app, { date });
      await pay(app, id, 'bri');
      const [va] = await handle.db.select().from(payments).where(eq(payments.bookingId, id));
      if (va) vas.push({ externalId: va.externalId, amount: va.amount });
    }
  });
  afterAll(() => drop());

  const counted = async () => ({
    receipts: (await handle.db.select({ n: count() }).from(paymentReceipts))[0]?.n ?? 0,
    anomalies: (await handle.db.select({ n: count() }).from(paymentAnomalies))[0]?.n ?? 0,
  });

  const bodies = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .record({
          event: fc.oneof(
            { weight: 9, arbitrary: fc.constant('va.paid') },
            { weight: 1, arbitrary: hostileString },
          ),
          va: fc.nat(),
          ours: fc.boolean(),
          external_id: hostileString,
          payment_id: fc.oneof(fc.uuid(), hostileString, fc.constant('p'.repeat(200))),
          amount: fc.oneof(fc.constant('due'), hostileNumber, fc.constant('10000')),
          transaction_timestamp: fc.oneof(fc.constant(now.toISOString()), hostileDate, hostileString),
        })
        .map(({ va: pick, ours, amount, ...body }) => {
          const va = vas[pick % vas.length];
          return JSON.stringify({
            ...body,
            external_id: ours ? va?.externalId : body.external_id,
            amount: amount === 'due' ? va?.amount : amount,
          });
        }),
    },
    { weight: 1, arbitrary: hostileJson.map((value) => (JSON.stringify(value) as string | undefined) ?? '') },
    { weight: 1, arbitrary: hostileString },
  );

  it(`acknowledges and keeps every one (seed ${String(seed)})`, { timeout: 60_000 }, async () => {
    const errors = vi.spyOn(log, 'error');
    await fc.assert(
      fc.asyncProperty(bodies, async (raw) => {
        const before = await counted();
        const response = await app.request('/api/payments/sandbox/callback', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-Sandbox-Signature': sandboxSignature(TEST_SANDBOX_SECRET, raw, now),
          },
          body: raw,
        });
        const text = await response.text();
        // Over 64 KB is refused before the signature is read: the one answer that is not a 2xx.
        if (Buffer.byteLength(raw) > 64 * 1024) {
          expect(response.status).toBe(413);
          return;
        }
        expect(response.status, `${raw.slice(0, 300)} -> ${text.slice(0, 300)}`).toBe(200);
        const { status } = JSON.parse(text) as { status: string };
        const after = await counted();
        expect({ status, ...after }).toEqual({
          status,
          receipts: before.receipts + (receipted.has(status) ? 1 : 0),
          anomalies: before.anomalies + (anomalous.has(status) ? 1 : 0),
        });
        expect([...receipted, ...anomalous, ...recordedBefore]).toContain(status);
        expect(errors.mock.calls).toEqual([]);
      }),
      { numRuns: runs, seed },
    );
  });
});
