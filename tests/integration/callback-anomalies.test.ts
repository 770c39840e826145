import { spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { payments, refunds } from '../../src/server/db/schema/payments.ts';
import { paymentAnomalies } from '../../src/server/db/schema/anomalies.ts';
import { testApp } from '../support/app.ts';
import { bookingReadyToPay, paidCallbackBody, pay, sandboxCallback } from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const now = new Date('2026-11-21T10:00:00Z');

/** A genuinely signed callback is always acknowledged; what cannot be applied is kept for the agency. */
describe.each(testDatabases)('signed callbacks we cannot apply, on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let url: string | undefined;
  let app: ReturnType<typeof testApp>;

  beforeAll(async () => {
    ({ handle, drop, url } = await seeded(await database.create(), now, 30));
    app = testApp(handle.db, now);
  });
  afterAll(() => drop());

  const issuedVa = async (date: string) => {
    const { id } = await bookingReadyToPay(app, { date });
    await pay(app, id, 'bni');
    const [va] = await handle.db.select().from(payments).where(eq(payments.bookingId, id));
    return { id, va };
  };

  it('keeps an amount that is no amount, a VA we never issued and an unreadable body as anomalies (200)', async () => {
    const { va } = await issuedVa('2026-12-01');
    const answers = [];
    for (const amount of [0, -5000, 1.5]) {
      const response = await sandboxCallback(
        app,
        paidCallbackBody(va, now, { amount, payment_id: `odd-${String(amount)}` }),
        { now },
      );
      answers.push([response.status, await response.json()]);
    }
    const stranger = await sandboxCallback(
      app,
      paidCallbackBody(va, now, { external_id: 'NOT-OURS-1', payment_id: 'p-x' }),
      { now },
    );
    answers.push([stranger.status, await stranger.json()]);
    expect(answers).toEqual([
      [200, { status: 'anomaly', reason: 'amount_not_payable' }],
      [200, { status: 'anomaly', reason: 'amount_not_payable' }],
      [200, { status: 'anomaly', reason: 'amount_not_payable' }],
      [200, { status: 'unknown' }],
    ]);
    const kept = await handle.db.select().from(paymentAnomalies);
    expect(kept.map((a) => a.reason).sort()).toEqual([
      'amount_not_payable',
      'amount_not_payable',
      'amount_not_payable',
      'unknown_attempt',
    ]);
    expect(kept.find((a) => a.reason === 'unknown_attempt')?.body).toContain('NOT-OURS-1');
  });

  it('records an amount past 32 bits, refunding what is above the amount due', async () => {
    const { id, va } = await issuedVa('2026-12-02');
    const huge = 2 ** 40;
    const response = await sandboxCallback(app, paidCallbackBody(va, now, { amount: huge }), { now });
    expect(await response.json()).toEqual({ status: 'confirmed' });
    const [refund] = await handle.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(refund?.amount).toBe(huge - (va?.amount ?? 0));
  });

  it('lists them for the agency with `npm run ops -- anomalies`', () => {
    if (!url) return; // the embedded database is one process's: the script reads PostgreSQL here
    const run = spawnSync(process.execPath, ['scripts/ops.ts', 'anomalies'], {
      env: { ...process.env, DATABASE_URL: url },
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('unknown_attempt');
    expect(run.stdout.match(/amount_not_payable/g)).toHaveLength(3);
  });
});
