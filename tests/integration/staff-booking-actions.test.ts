import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookingPassengers } from '../../src/server/db/schema/bookings.ts';
import { payments, refunds, sentMails, tickets } from '../../src/server/db/schema/payments.ts';
import { auditEntries } from '../../src/server/services/audit.ts';
import { bulkTransferRows } from '../../src/domain/refund-queue.ts';
import { refundQueue } from '../../src/server/use-cases/refund-queue.ts';
import { useCasePorts } from '../../src/server/http/use-case-ports.ts';
import { registerTestWebClient, testApp } from '../support/app.ts';
import { TestBrowser } from '../support/browser.ts';
import {
  bookingReadyToPay,
  paidCallbackBody,
  pay,
  payInFull,
  sandboxCallback,
} from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';
import { signedInStaff } from '../support/staff.ts';
import { mailsAbout } from '../support/mail-capture.ts';
import { Network } from '../../src/server/network.ts';

// Monday 21 December 2026, 10:00 in Batam: 7 working days later, Christmas (Friday 25) left out, is Thursday 31.
const start = new Date('2026-12-21T03:00:00Z');

/**
 * The console's actions on a booking and its refunds through their JSON doors: who may act (an agent resends, an
 * admin pays refunds), what each refuses, and the audit row with the reason that each writes.
 */
describe.each(testDatabases)('staff actions on bookings and refunds on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  const now = start;
  let api: ReturnType<typeof testApp>;
  let agent: TestBrowser;
  let admin: TestBrowser;
  let paid: { id: string; code: string };
  let unpaid: { id: string; code: string };

  /** A booking paid `above` more than due: confirmed, the difference queued for refund. */
  async function overpaid(above: number) {
    const booking = await bookingReadyToPay(api, { date: '2026-12-23' });
    await pay(api, booking.id);
    const [payment] = await handle.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    const body = paidCallbackBody(payment, now, { amount: (payment?.amount ?? 0) + above });
    expect((await sandboxCallback(api, body, { now })).status).toBe(200);
    return booking;
  }

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), start, 10));
    await registerTestWebClient(handle.db);
    api = testApp(handle.db, () => now);
    agent = await signedInStaff({ handle, api, now }, 'agent@segaraferry.co.id', 'agent');
    admin = await signedInStaff({ handle, api, now }, 'admin@segaraferry.co.id', 'admin');
    paid = await overpaid(25_000);
    unpaid = await bookingReadyToPay(api, { date: '2026-12-23' });
  });
  afterAll(() => drop());

  const resend = (browser: TestBrowser, id: string, json: unknown) =>
    browser.request(`/api/staff/bookings/${id}/mails`, { method: 'POST', json });

  it('lets an agent send the e-tickets again, with a reason the booking history keeps', async () => {
    const reason = 'Traveller lost the email';
    const [before] = await handle.db.select().from(sentMails).where(eq(sentMails.bookingId, paid.id));
    expect((await resend(new TestBrowser(api), paid.id, { mail: 'booking_paid', reason })).status).toBe(401);
    const noReason = await resend(agent, paid.id, { mail: 'booking_paid', reason: ' ok ' });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(await noReason.json())).toContain('reason');
    expect((await resend(agent, paid.id, { mail: 'boarding_pass_outbound', reason })).status).toBe(409);
    expect((await resend(agent, unpaid.id, { mail: 'booking_paid', reason })).status).toBe(409);
    expect((await resend(agent, 'x'.repeat(24), { mail: 'booking_paid', reason })).status).toBe(404);
    expect((await resend(agent, paid.id, { mail: 'booking_paid', reason })).status).toBe(202);

    const mails = await handle.db.select().from(sentMails).where(eq(sentMails.bookingId, paid.id));
    const eTickets = mails.find((mail) => mail.kind === 'booking_paid');
    expect(eTickets?.sentAt).toBeNull();
    expect(eTickets?.version).toBeGreaterThan(before?.kind === 'booking_paid' ? before.version : -1);
    const [row] = await auditEntries(handle.db, { bookingId: paid.id, action: 'booking.mail_resent' });
    expect(row).toMatchObject({
      actorKind: 'staff',
      reason,
      subjectType: 'booking',
      after: { mail: 'booking_paid' },
    });
  });

  it("lets an agent send a leg's boarding passes again once its passenger checked in, audited", async () => {
    // Tuesday's first sailing leaves within 24 hours: check-in is open.
    const booking = await bookingReadyToPay(api, { date: '2026-12-22' });
    await payInFull(api, handle.db, booking.id, now);
    const ticket = `TK-${booking.code}-1D`;
    const checkIn = await api.request(`/api/bookings/${booking.id}/check-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tickets: [ticket] }),
    });
    expect(checkIn.status).toBe(200);
    const passes = () =>
      handle.db
        .select()
        .from(sentMails)
        .where(eq(sentMails.bookingId, booking.id))
        .then((rows) => rows.find((mail) => mail.kind === 'boarding_pass_outbound'));
    expect((await mailsAbout({ db: handle.db, network: new Network(), now }, booking.code)).length).toBe(3);
    const sent = await passes();
    expect(sent?.sentAt).not.toBeNull();
    const reason = 'Traveller deleted the passes';
    expect((await resend(agent, booking.id, { mail: 'boarding_pass_outbound', reason })).status).toBe(202);
    expect(await passes()).toMatchObject({ sentAt: null, version: (sent?.version ?? 0) + 1 });
    const [row] = await auditEntries(handle.db, { bookingId: booking.id, action: 'booking.mail_resent' });
    expect(row).toMatchObject({ actorKind: 'staff', reason, after: { mail: 'boarding_pass_outbound' } });
    const again = await mailsAbout({ db: handle.db, network: new Network(), now }, booking.code);
    expect(again.map((mail) => mail.subject)).toEqual([`Your boarding passes - booking ${booking.code}`]);
    expect(again[0]?.attachments?.map((file) => file.filename)).toEqual([expect.stringContaining(ticket)]);
  });

  it('keeps every refund due 7 working days from its request, and lets only an admin mark it failed or paid', async () => {
    const queue = await refundQueue({ db: handle.db, calendar: useCasePorts.calendar }, now);
    const owed = queue.find((refund) => refund.bookingCode === paid.code);
    expect(owed).toMatchObject({ amount: 25_000, reason: 'overpaid', dueOn: '2026-12-31', state: 'due' });
    expect(
      (
        await refundQueue(
          { db: handle.db, calendar: useCasePorts.calendar },
          new Date('2027-01-01T03:00:00Z'),
        )
      )[0]?.state,
    ).toBe('overdue');
    const id = owed?.id ?? '';
    const post = (browser: TestBrowser, what: 'payment' | 'failure', json: unknown) =>
      browser.request(`/api/staff/refunds/${id}/${what}`, { method: 'POST', json });

    expect((await post(agent, 'payment', { reference: 'BNI-778812' })).status).toBe(403);
    expect((await post(agent, 'failure', { reason: 'Account closed' })).status).toBe(403);
    expect((await post(admin, 'payment', { reference: '' })).status).toBe(400);
    expect((await post(admin, 'failure', { reason: 'Account closed by the bank' })).status).toBe(204);
    expect(
      (await refundQueue({ db: handle.db, calendar: useCasePorts.calendar }, now)).find(
        (refund) => refund.id === id,
      ),
    ).toMatchObject({
      state: 'failed',
      failure: 'Account closed by the bank',
    });
    // The traveller sends another account: due again, and in the next bank file.
    const account = {
      bank: 'Bank BCA',
      accountNumber: '12-3456-7890',
      accountHolder: 'Siti Rahma',
      reason: 'New account by email',
    };
    const setAccount = (browser: TestBrowser, json: unknown) =>
      browser.request(`/api/staff/refunds/${id}/account`, { method: 'PUT', json });
    expect((await setAccount(agent, account)).status).toBe(403);
    expect((await setAccount(admin, { ...account, accountNumber: '12' })).status).toBe(400);
    expect((await setAccount(admin, { ...account, bank: 'BCA\u0000' })).status).toBe(400);
    expect((await setAccount(admin, account)).status).toBe(204);
    const owedAgain = (await refundQueue({ db: handle.db, calendar: useCasePorts.calendar }, now)).filter(
      (refund) => refund.id === id,
    );
    expect(owedAgain).toMatchObject([{ state: 'due', accountNumber: '1234567890', failure: null }]);
    expect(bulkTransferRows(owedAgain)).toMatchObject([
      { bankCode: '014', accountNumber: '1234567890', accountHolder: 'Siti Rahma', amount: 25_000 },
    ]);
    expect((await post(admin, 'payment', { reference: 'BNI-778812' })).status).toBe(204);
    expect((await setAccount(admin, account)).status).toBe(409);
    expect((await post(admin, 'payment', { reference: 'BNI-778812' })).status).toBe(409);
    expect((await post(admin, 'failure', { reason: 'Account closed' })).status).toBe(409);
    expect(
      (
        await admin.request('/api/staff/refunds/00000000-0000-4000-8000-000000000000/payment', {
          method: 'POST',
          json: { reference: 'BNI-1' },
        })
      ).status,
    ).toBe(404);

    const [row] = await handle.db.select().from(refunds).where(eq(refunds.id, id));
    expect(row).toMatchObject({ status: 'done', transferReference: 'BNI-778812', paidAt: now });
    expect(
      (await handle.db.select().from(sentMails).where(eq(sentMails.bookingId, paid.id))).map((m) => m.kind),
    ).toContain('refund_paid');
    const told = await mailsAbout({ db: handle.db, network: new Network(), now }, paid.code);
    expect(told.find((mail) => mail.subject.includes('your refund has been paid'))?.text).toContain(
      "IDR 25,000: the bank's transfer reference is BNI-778812.",
    );
    const history = await auditEntries(handle.db, { bookingId: paid.id, action: 'refund.' });
    expect(history.map((entry) => [entry.action, entry.actorKind])).toEqual([
      ['refund.paid', 'staff'],
      ['refund.account_set', 'staff'],
      ['refund.failed', 'staff'],
      ['refund.queued', 'gateway'],
    ]);
    expect(history[0]?.after).toMatchObject({ transferReference: 'BNI-778812' });
    expect(history[1]?.after).toEqual({ bank: 'Bank BCA', accountNumber: '••••••7890' });
    expect(history[2]?.reason).toBe('Account closed by the bank');
    expect(
      (await refundQueue({ db: handle.db, calendar: useCasePorts.calendar }, now, 'paid')).map(
        (refund) => refund.id,
      ),
    ).toContain(id);
  });

  it('lets an agent correct a passenger as the passport shows it, before check-in, and sends the e-tickets again', async () => {
    const booking = await overpaid(1_000);
    const correct = (browser: TestBrowser, json: Record<string, unknown>) =>
      browser.request(`/api/staff/bookings/${booking.id}/passengers`, { method: 'PUT', json });
    const fixed = {
      position: 0,
      fullName: 'Passenger Alif',
      dateOfBirth: '1990-05-14',
      passportNumber: 'c7654321',
      passportIssued: '2021-03-02',
      passportExpiry: '2031-03-01',
      passportCountry: 'ID',
      reason: 'Name misspelt at booking',
    };
    expect((await correct(new TestBrowser(api), fixed)).status).toBe(401);
    const expired = await correct(agent, { ...fixed, passportExpiry: '2026-12-30' });
    expect(expired.status).toBe(400);
    expect(Object.keys(((await expired.json()) as { errors: object }).errors)).toContain('passportExpiry');
    expect((await correct(agent, { ...fixed, position: 5 })).status).toBe(404);
    expect((await correct(agent, fixed)).status).toBe(204);

    const [passenger] = await handle.db
      .select()
      .from(bookingPassengers)
      .where(eq(bookingPassengers.bookingId, booking.id));
    expect(passenger).toMatchObject({ fullName: 'Passenger Alif', passportNumber: 'C7654321' });
    const [row] = await auditEntries(handle.db, {
      bookingId: booking.id,
      action: 'booking.passenger_corrected',
    });
    expect(row).toMatchObject({
      reason: 'Name misspelt at booking',
      before: { fullName: 'Passenger A', passportNumber: '•••••567' },
      after: { fullName: 'Passenger Alif', passportNumber: '•••••321' },
    });
    const mails = await handle.db.select().from(sentMails).where(eq(sentMails.bookingId, booking.id));
    expect(mails.find((mail) => mail.kind === 'booking_paid')).toMatchObject({ sentAt: null, version: 1 });

    // Checked in, the boarding pass carries the name the gate reads: the console refuses.
    await handle.db.update(tickets).set({ status: 'checked_in' }).where(eq(tickets.bookingId, booking.id));
    expect((await correct(agent, { ...fixed, fullName: 'Passenger Alifah' })).status).toBe(409);
    expect((await resend(agent, booking.id, { mail: 'booking_paid', reason: 'Lost it again' })).status).toBe(
      202,
    );
    await handle.db.update(tickets).set({ status: 'cancelled' }).where(eq(tickets.bookingId, booking.id));
    expect((await resend(agent, booking.id, { mail: 'booking_paid', reason: 'Lost it again' })).status).toBe(
      409,
    );
  });

  it("lets an agent correct the contact's email or phone, telling the new address and the previous one", async () => {
    const booking = await overpaid(2_000);
    await mailsAbout({ db: handle.db, network: new Network(), now }, booking.code); // the booking's own mails, sent
    const correct = (json: Record<string, unknown>) =>
      agent.request(`/api/staff/bookings/${booking.id}/contact`, { method: 'PUT', json });
    const changed = { email: 'Siti.Rahma@Example.com', phone: '+6281299998888', reason: 'Typo in the email' };
    expect((await correct({ ...changed, email: 'not an email' })).status).toBe(400);
    expect((await correct(changed)).status).toBe(204);
    expect((await correct(changed)).status).toBe(422);

    const [row] = await auditEntries(handle.db, {
      bookingId: booking.id,
      action: 'booking.contact_corrected',
    });
    expect(row).toMatchObject({
      reason: 'Typo in the email',
      before: { email: 'siti@example.co.id', phone: '+6281234567890' },
      after: { email: 'siti.rahma@example.com', phone: '+6281299998888' },
    });
    const told = await mailsAbout({ db: handle.db, network: new Network(), now }, booking.code);
    expect(told.map((mail) => [mail.to, mail.subject]).sort()).toEqual([
      ['siti.rahma@example.com', `Booking ${booking.code}: the contact details were changed`],
      ['siti@example.co.id', `Booking ${booking.code}: the contact details were changed`],
    ]);
    const previous = told.find((mail) => mail.to === 'siti@example.co.id');
    expect(previous?.text).toContain('now go to another address');
    expect(previous?.text).not.toContain('siti.rahma@example.com');
    // Two changes before the mails go out: the first address keeps its warning (the second does not take it away).
    expect((await correct({ ...changed, email: 'rahma.dua@example.com' })).status).toBe(204);
    expect((await correct({ ...changed, email: 'rahma.tiga@example.com' })).status).toBe(204);
    const twice = await mailsAbout({ db: handle.db, network: new Network(), now }, booking.code);
    expect(twice.map((mail) => mail.to).sort()).toEqual(['rahma.tiga@example.com', 'siti.rahma@example.com']);
    expect((await correct(changed)).status).toBe(204);
    await mailsAbout({ db: handle.db, network: new Network(), now }, booking.code);
    // The phone alone changed: the new address is told again, the previous address is not.
    expect((await correct({ ...changed, phone: '+6281277776666' })).status).toBe(204);
    const again = await mailsAbout({ db: handle.db, network: new Network(), now }, booking.code);
    expect(again.map((mail) => mail.to)).toEqual(['siti.rahma@example.com']);
  });
});
