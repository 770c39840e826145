import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { payments, refunds, sentMails } from '../../src/server/db/schema/payments.ts';
import { auditEntries } from '../../src/server/services/audit.ts';
import { registerTestWebClient, testApp } from '../support/app.ts';
import type { TestBrowser } from '../support/browser.ts';
import { bookingReadyToPay, paidCallbackBody, pay, sandboxCallback } from '../support/booking-flow.ts';
import { closeAndDrop, createPostgresDatabase, seeded } from '../support/databases.ts';
import { signedInStaff } from '../support/staff.ts';

/**
 * PostgreSQL only (a pool, so the transactions overlap): two admins at the refund queue mark the same refunds at
 * once, paid by both or paid by one while the other records the transfer as failed. Each refund is paid once, with
 * one audit row and one queued mail, whatever the interleaving; a failure that loses the race to the payment is
 * refused, never recorded on a paid refund.
 */
const start = new Date('2026-12-21T03:00:00Z');
const REFUNDS = 12;

describe('refund marks racing on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let api: ReturnType<typeof testApp>;
  let first: TestBrowser;
  let second: TestBrowser;
  const refundIds: string[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    handle = await openDatabase({ url: database.url, poolMax: 16 });
    await seeded({ handle, drop: database.drop }, start, 10);
    await registerTestWebClient(handle.db);
    api = testApp(handle.db, () => start);
    first = await signedInStaff({ handle, api, now: start }, 'ayu@segaraferry.co.id', 'admin');
    second = await signedInStaff({ handle, api, now: start }, 'budi@segaraferry.co.id', 'admin');
    for (let i = 0; i < REFUNDS; i++) {
      const booking = await bookingReadyToPay(api, { date: '2026-12-23', sailing: i % 2 ? 'last' : 'first' });
      await pay(api, booking.id);
      const [payment] = await handle.db.select().from(payments).where(eq(payments.bookingId, booking.id));
      const body = paidCallbackBody(payment, start, { amount: (payment?.amount ?? 0) + 10_000 });
      expect((await sandboxCallback(api, body, { now: start })).status).toBe(200);
      const [refund] = await handle.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
      refundIds.push(refund?.id ?? '');
    }
  });
  afterAll(() => closeAndDrop(handle, database));

  const mark = (browser: TestBrowser, id: string, what: 'payment' | 'failure', n: number) =>
    browser
      .request(`/api/staff/refunds/${id}/${what}`, {
        method: 'POST',
        json:
          what === 'payment' ? { reference: `TRF-${String(n)}` } : { reason: 'Account closed by the bank' },
      })
      .then((answer) => answer.status);

  it('pays each refund once, with one audit row and one mail, however the two admins interleave', async () => {
    const answers = await Promise.all(
      refundIds.map(async (id, n) => {
        // Half the refunds: both admins press "Mark paid"; the other half: one pays while the other marks it failed.
        const other = n % 2 === 0 ? mark(second, id, 'payment', 100 + n) : mark(second, id, 'failure', n);
        return Promise.all([mark(first, id, 'payment', n), other]);
      }),
    );
    answers.forEach(([firstStatus, otherStatus], n) => {
      if (n % 2 === 0) expect([firstStatus, otherStatus].sort()).toEqual([204, 409]);
      else {
        expect(firstStatus).toBe(204);
        // The failure either came first (recorded, then paid over it) or found the refund paid (refused).
        expect([204, 409]).toContain(otherStatus);
      }
    });
    const rows = await handle.db.select().from(refunds).where(inArray(refunds.id, refundIds));
    expect(rows.every((row) => row.status === 'done' && row.transferReference?.startsWith('TRF-'))).toBe(
      true,
    );
    for (const row of rows) {
      const log = await auditEntries(handle.db, { bookingId: row.bookingId, action: 'refund.' });
      expect(log.filter((entry) => entry.action === 'refund.paid')).toHaveLength(1);
      // Newest first: the payment is the last word; a failure recorded after it would be a failure on a paid refund.
      expect(log[0]?.action).toBe('refund.paid');
      const mails = await handle.db.select().from(sentMails).where(eq(sentMails.bookingId, row.bookingId));
      expect(mails.filter((mail) => mail.kind === 'refund_paid')).toHaveLength(1);
      expect(mails.find((mail) => mail.kind === 'refund_paid')?.version).toBe(0);
    }
  });
});
