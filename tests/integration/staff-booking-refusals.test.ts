import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import { payments, refunds } from '../../src/server/db/schema/payments.ts';
import { auditEntries } from '../../src/server/services/audit.ts';
import { ACCOUNT_PASSWORD } from '../factories/accounts.ts';
import { accountsApi, type testApp } from '../support/app.ts';
import { TestBrowser } from '../support/browser.ts';
import {
  bookingReadyToPay,
  paidCallbackBody,
  passenger,
  pay,
  sandboxCallback,
} from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';
import { signedInStaff } from '../support/staff.ts';

// Monday 21 December 2026, 10:00 in Batam.
const now = new Date('2026-12-21T03:00:00Z');
const reason = 'Asked at the Batam Centre counter';
const account = { bank: 'BCA', accountNumber: '1234567890', accountHolder: 'Siti Rahma' };

/**
 * Issue 36's actions on a booking, a refund and a data request, each tried by nobody (401), by a traveller signed in
 * to their account (403), and where only an admin may, by an agent (403): refused before anything changes.
 */
describe.each(testDatabases)("the console's actions refuse who may not act on $name", (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let api: ReturnType<typeof testApp>;
  const callers: Record<'nobody' | 'traveller' | 'agent', TestBrowser | undefined> = {
    nobody: undefined,
    traveller: undefined,
    agent: undefined,
  };
  /** Each action's door and a body it would take, on a paid booking (paid too much), its refund, a data request. */
  let actions: { name: string; path: string; method: string; json: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    ({ handle, drop, api } = await accountsApi(database, () => now, [{ email: 'wayan@example.com' }]));
    await seeded({ handle, drop }, now, 10);
    const traveller = new TestBrowser(api);
    expect((await traveller.logIn('wayan@example.com', ACCOUNT_PASSWORD)).status).toBe(200);
    const nobody = new TestBrowser(api);
    await nobody.request('/api/session');
    const agent = await signedInStaff({ handle, api, now }, 'agent@segaraferry.co.id', 'agent');
    Object.assign(callers, { nobody, traveller, agent });

    const paid = await bookingReadyToPay(api, { date: '2026-12-23' });
    await pay(api, paid.id);
    const [payment] = await handle.db.select().from(payments).where(eq(payments.bookingId, paid.id));
    const body = paidCallbackBody(payment, now, { amount: (payment?.amount ?? 0) + 20_000 });
    expect((await sandboxCallback(api, body, { now })).status).toBe(200);
    const [refund] = await handle.db.select().from(refunds).where(eq(refunds.bookingId, paid.id));
    const awaiting = await bookingReadyToPay(api, { date: '2026-12-23' });
    await pay(api, awaiting.id);
    const recorded = await agent.request('/api/staff/data-requests', {
      method: 'POST',
      json: {
        kind: 'access',
        email: 'siti@example.co.id',
        details: 'What do you keep?',
        receivedAt: '2026-12-21T09:00',
      },
    });
    const { id: dataRequest } = (await recorded.json()) as { id: string };
    const booking = `/api/staff/bookings/${paid.id}`;
    actions = [
      { name: 'resend', path: `${booking}/mails`, method: 'POST', json: { mail: 'booking_paid', reason } },
      {
        name: 'contact',
        path: `${booking}/contact`,
        method: 'PUT',
        json: { email: 'siti.new@example.co.id', phone: '+6281234567890', reason },
      },
      {
        name: 'passenger',
        path: `${booking}/passengers`,
        method: 'PUT',
        json: { ...passenger('Passenger Aa'), position: 0, reason },
      },
      {
        name: 'cancel',
        path: `${booking}/cancellation`,
        method: 'POST',
        json: { tickets: [`TK-${paid.code}-1D`], ...account, reason },
      },
      {
        name: 'deadline',
        path: `/api/staff/bookings/${awaiting.id}/deadline`,
        method: 'POST',
        json: { reason },
      },
      {
        name: 'refund paid',
        path: `/api/staff/refunds/${refund?.id ?? ''}/payment`,
        method: 'POST',
        json: { reference: 'BNI-778812' },
      },
      {
        name: 'refund failed',
        path: `/api/staff/refunds/${refund?.id ?? ''}/failure`,
        method: 'POST',
        json: { reason },
      },
      {
        name: 'refund account',
        path: `/api/staff/refunds/${refund?.id ?? ''}/account`,
        method: 'PUT',
        json: { ...account, reason },
      },
      {
        name: 'data request',
        path: '/api/staff/data-requests',
        method: 'POST',
        json: {
          kind: 'export',
          email: 'siti@example.co.id',
          details: 'A copy, please',
          receivedAt: '2026-12-21T09:00',
        },
      },
      {
        name: 'data request answer',
        path: `/api/staff/data-requests/${dataRequest}/answer`,
        method: 'PUT',
        json: { outcome: 'done', answer: 'Sent the JSON copy by email.' },
      },
    ];
  });
  afterAll(() => drop());

  const statuses = async (who: keyof typeof callers, only?: string[]) => {
    const browser = callers[who];
    if (!browser) throw new Error(`no ${who}`);
    const answers: Record<string, number> = {};
    for (const action of actions.filter((a) => !only || only.includes(a.name))) {
      const answer = await browser.request(action.path, { method: action.method, json: action.json });
      answers[action.name] = answer.status;
    }
    return answers;
  };
  const every = (status: number, names = actions.map((action) => action.name)) =>
    Object.fromEntries(names.map((name) => [name, status]));

  it('refuses nobody with 401 and a signed-in traveller with 403, and changes nothing', async () => {
    const logBefore = await auditEntries(handle.db, {});
    expect(await statuses('nobody')).toEqual(every(401));
    expect(await statuses('traveller')).toEqual(every(403));
    const answer = await callers.traveller?.request(actions[1]?.path ?? '', {
      method: 'PUT',
      json: actions[1]?.json,
    });
    expect(await answer?.json()).toMatchObject({
      errors: { staff: ['Your staff role does not allow this: ask an admin.'] },
    });
    expect(await auditEntries(handle.db, {})).toEqual(logBefore);
    const corrected = await handle.db
      .select()
      .from(bookings)
      .where(eq(bookings.contactEmail, 'siti.new@example.co.id'));
    expect(corrected).toEqual([]);
  });

  it("refuses an agent an admin's work with 403: the refund's marks and account, a waived fee", async () => {
    const adminOnly = ['refund paid', 'refund failed', 'refund account'];
    expect(await statuses('agent', adminOnly)).toEqual(every(403, adminOnly));
    const cancel = actions.find((action) => action.name === 'cancel');
    const waived = await callers.agent?.request(cancel?.path ?? '', {
      method: 'POST',
      json: { ...cancel?.json, waiveFee: true },
    });
    expect(waived?.status).toBe(403);
    const [refund] = await handle.db.select().from(refunds).where(eq(refunds.reason, 'overpaid'));
    expect(refund).toMatchObject({ status: 'queued', paidAt: null, failedAt: null });
  });
});
