import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import { payments, sentMails } from '../../src/server/db/schema/payments.ts';
import { sandboxAccounts } from '../../src/server/db/schema/sandbox.ts';
import { auditEntries } from '../../src/server/services/audit.ts';
import { registerTestWebClient, testApp } from '../support/app.ts';
import type { TestBrowser } from '../support/browser.ts';
import { bookingReadyToPay, pay } from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';
import { signedInStaff } from '../support/staff.ts';

// Monday 21 December 2026, 10:00 in Batam.
const start = new Date('2026-12-21T03:00:00Z');

/**
 * The console's payment deadline extension through its JSON door: once per booking, an hour more at the booking,
 * its attempt and the gateway's VA alike, audited, and the payment instructions sent again with the new deadline.
 * Two agents at once: tests/concurrency/staff-deadline.test.ts.
 */
describe.each(testDatabases)('payment deadline extensions on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  const now = start;
  let api: ReturnType<typeof testApp>;
  let agent: TestBrowser;

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), start, 10));
    await registerTestWebClient(handle.db);
    api = testApp(handle.db, () => now);
    agent = await signedInStaff({ handle, api, now }, 'agent@segaraferry.co.id', 'agent');
  });
  afterAll(() => drop());

  it('lets an agent extend a payment deadline once, by an hour, at the gateway too, and sends the new one', async () => {
    const booking = await bookingReadyToPay(api, { date: '2026-12-23' });
    const extend = (id: string) =>
      agent.request(`/api/staff/bookings/${id}/deadline`, {
        method: 'POST',
        json: { reason: 'Transfer is slow' },
      });
    expect((await extend(booking.id)).status).toBe(409); // held: no deadline yet
    await pay(api, booking.id);
    const [before] = await handle.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    const deadline = before?.expiresAt.getTime() ?? 0;
    expect((await extend(booking.id)).status).toBe(204);
    expect((await extend(booking.id)).status).toBe(409);

    const later = new Date(deadline + 60 * 60_000);
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'awaiting_payment', expiresAt: later, paymentExtendedAt: now });
    const [after] = await handle.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(after?.expiresAt).toEqual(later);
    const [va] = await handle.db
      .select()
      .from(sandboxAccounts)
      .where(eq(sandboxAccounts.id, after?.gatewayAccountId ?? ''));
    expect(va?.expiresAt).toEqual(later);
    const [audit] = await auditEntries(handle.db, {
      bookingId: booking.id,
      action: 'booking.deadline_extended',
    });
    expect(audit).toMatchObject({ reason: 'Transfer is slow', after: { expiresAt: later.toISOString() } });
    const mails = await handle.db.select().from(sentMails).where(eq(sentMails.bookingId, booking.id));
    expect(mails.find((mail) => mail.kind === 'booking_created')).toMatchObject({ sentAt: null, version: 1 });
  });
});
