import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { payments, refunds } from '../../src/server/db/schema/payments.ts';
import { serveRefundQueue } from '../../src/pages/[...locale]/staff/_refunds.ts';
import { testApp, testDeps } from '../support/app.ts';
import { accessTo } from '../support/booking-access.ts';
import type { TestBrowser } from '../support/browser.ts';
import {
  bookingReadyToPay,
  paidCallbackBody,
  pay,
  payInFull,
  sandboxCallback,
} from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';
import { signedInStaff } from '../support/staff.ts';
import { openStaffPage } from '../support/staff-page.ts';

// Monday 21 December 2026, 10:00 in Batam: a refund asked today is due Thursday 31 (Christmas left out).
const start = new Date('2026-12-21T03:00:00Z');

/** `/staff/refunds` as its page's server half serves it: who gets the bank's file, and how late or failed refunds read. */
describe.each(testDatabases)('the refund queue page on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let now = start;
  let api: ReturnType<typeof testApp>;
  let agent: TestBrowser;
  let admin: TestBrowser;
  const made: Record<'toPay' | 'bounced' | 'overpaid', { id: string; code: string; refund: string }> = {
    toPay: { id: '', code: '', refund: '' },
    bounced: { id: '', code: '', refund: '' },
    overpaid: { id: '', code: '', refund: '' },
  };
  const refundOf = async (bookingId: string) =>
    (await handle.db.select().from(refunds).where(eq(refunds.bookingId, bookingId)))[0]?.id ?? '';
  /** A paid one-adult booking cancelled by its traveller, the refund to this BCA account. */
  async function cancelled(accountNumber: string) {
    const booking = await bookingReadyToPay(api, { date: '2026-12-28' });
    await payInFull(api, handle.db, booking.id, now);
    const answer = await api.request(`/api/bookings/${booking.id}/cancellation`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...accessTo(booking.id, now) },
      body: JSON.stringify({
        agree: true,
        tickets: [`TK-${booking.code}-1D`],
        bank: 'Bank BCA',
        accountNumber,
        accountHolder: 'Siti Rahma',
      }),
    });
    expect(answer.status).toBe(200);
    return { ...booking, refund: await refundOf(booking.id) };
  }

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), start, 10));
    api = testApp(handle.db, () => now);
    agent = await signedInStaff({ handle, api, now }, 'agent@segaraferry.co.id', 'agent');
    admin = await signedInStaff({ handle, api, now }, 'admin@segaraferry.co.id', 'admin');
    made.toPay = await cancelled('1234 5678 90');
    made.bounced = await cancelled('5555 0000 11');
    const failed = await admin.request(`/api/staff/refunds/${made.bounced.refund}/failure`, {
      method: 'POST',
      json: { reason: 'Account closed at the bank' },
    });
    expect(failed.status).toBe(204);
    // Paid 30,000 too much by Virtual Account: owed back, but to no account yet.
    const booking = await bookingReadyToPay(api, { date: '2026-12-28' });
    await pay(api, booking.id);
    const [payment] = await handle.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    const body = paidCallbackBody(payment, now, { amount: (payment?.amount ?? 0) + 30_000 });
    expect((await sandboxCallback(api, body, { now })).status).toBe(200);
    made.overpaid = { ...booking, refund: await refundOf(booking.id) };
  });
  afterAll(() => drop());

  const open = (browser: TestBrowser, path: string, locale: 'en' | 'id' = 'en') =>
    openStaffPage(
      serveRefundQueue,
      browser,
      testDeps(handle.db, () => now),
      path,
      locale,
    );

  it('refuses an agent the bulk-transfer file (403, not the page), and gives an admin every column of it', async () => {
    const refused = await open(agent, '/staff/refunds?export');
    expect(refused.status).toBe(403);
    expect(refused.page).toMatchObject({ allowed: false });
    expect((await open(agent, '/staff/refunds')).page).toMatchObject({ allowed: true, admin: false });

    const { page, status } = await open(admin, '/staff/refunds?export');
    expect(status).toBe(200);
    if (!(page instanceof Response)) throw new Error('the admin got no file');
    expect(page.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(page.headers.get('Content-Disposition')).toBe('attachment; filename="refunds-due-2026-12-21.csv"');
    expect(page.headers.get('Cache-Control')).toBe('private, no-store');
    const [{ amount } = { amount: 0 }] = await handle.db
      .select({ amount: refunds.amount })
      .from(refunds)
      .where(eq(refunds.id, made.toPay.refund));
    const reference = `RF${made.toPay.code}${made.toPay.refund.replaceAll('-', '').slice(0, 6).toUpperCase()}`;
    // Only the refund owed to a known bank's account: the failed one and the one with no account are paid by hand.
    expect(await page.text()).toBe(
      'bank_code,account_number,account_holder,amount,reference,email\r\n' +
        `014,1234567890,Siti Rahma,${String(amount)},${reference},siti@example.co.id\r\n`,
    );
  });

  it('marks overdue and failed refunds on the queue, in both languages', async () => {
    // Monday 4 January 2027: the refunds due on 31 December are overdue.
    now = new Date('2027-01-04T03:00:00Z');
    const nextShift = await signedInStaff({ handle, api, now }, 'next.shift@segaraferry.co.id', 'agent');
    const { page } = await open(nextShift, '/staff/refunds');
    if (page instanceof Response || !page.allowed) throw new Error('the queue was refused');
    const row = (name: keyof typeof made) => page.owed.find((refund) => refund.id === made[name].refund);
    expect(row('toPay')).toMatchObject({ state: 'overdue', stateLine: 'Overdue since 31 December 2026' });
    expect(row('overpaid')).toMatchObject({ state: 'overdue', hasAccount: false });
    expect(row('bounced')).toMatchObject({
      state: 'failed',
      stateLine: 'Transfer failed: Account closed at the bank',
    });
    expect(page.summary).toContain('Overdue: 2.');
    const indonesian = await open(nextShift, '/id/staff/refunds', 'id');
    if (indonesian.page instanceof Response || !indonesian.page.allowed) throw new Error('refused');
    expect(indonesian.page.owed.find((refund) => refund.id === made.toPay.refund)?.stateLine).toBe(
      'Lewat jatuh tempo sejak 31 Desember 2026',
    );
    now = start;
  });
});
