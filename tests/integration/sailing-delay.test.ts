import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portTime } from '../../src/domain/port-time.ts';
import { serverBoardingPassKeys } from '../../src/server/boarding-pass/keys.ts';
import { publicKeysFromJwkSet } from '../../src/server/boarding-pass/jwk.ts';
import { verifyBoardingPass } from '../../src/server/boarding-pass/signing.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { sailings } from '../../src/server/db/schema/network.ts';
import { supersededBoardingPasses } from '../../src/server/db/schema/boarding.ts';
import { refunds, sentMails } from '../../src/server/db/schema/payments.ts';
import { boardingPassOf } from '../../src/server/documents/boarding-pass-of.ts';
import { Network } from '../../src/server/network.ts';
import { auditEntries } from '../../src/server/services/audit.ts';
import { bookingView, type BookingView } from '../../src/server/services/booking-view.ts';
import { registerTestWebClient, testApp } from '../support/app.ts';
import { accessForPath } from '../support/booking-access.ts';
import type { TestBrowser } from '../support/browser.ts';
import { paidBookingView, ticketNumbersOf } from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';
import { mailsAbout } from '../support/mail-capture.ts';
import { signedInStaff } from '../support/staff.ts';

// Saturday 21 November 2026, 17:00 in Batam: the first sailing of Sunday 22 November is open for check-in.
const start = new Date('2026-11-21T10:00:00Z');
const network = new Network();

/**
 * An operator's delay from the console, end to end: the new time on the sailing, the boarding passes issued before
 * recorded as superseded and issued again with the new departure, every booking mailed, check-in following the new
 * time, and the travellers' free choices (a refund without the fee).
 */
describe.each(testDatabases)('an operator’s delay on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let now = start;
  let api: ReturnType<typeof testApp>;
  let admin: TestBrowser;
  let agent: TestBrowser;
  let view: BookingView;

  const json = (path: string, method: string, body: unknown) =>
    api.request(path, {
      method,
      headers: { 'Content-Type': 'application/json', ...accessForPath(path, now) },
      body: JSON.stringify(body),
    });
  const pass = async (ticket: string) => {
    const fresh = (await bookingView(handle.db, network, view.id, 'en')) ?? view;
    return boardingPassOf(handle.db, network, fresh, ticket, serverBoardingPassKeys().signer);
  };

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), start, 10));
    await registerTestWebClient(handle.db);
    api = testApp(handle.db, () => now);
    admin = await signedInStaff({ handle, api, now }, 'admin@segaraferry.co.id', 'admin');
    agent = await signedInStaff({ handle, api, now }, 'agent@segaraferry.co.id', 'agent');
    view = await paidBookingView(api, handle.db, { date: '2026-11-22', adults: 2, now });
  });
  afterAll(() => drop());

  it('moves the sailing, supersedes the passes issued, mails everyone and lets them cancel without the fee', async () => {
    const [first, second] = ticketNumbersOf(view);
    const sailingId = view.legs[0]?.sailingId ?? '';
    const departs = new Date(view.legs[0]?.departsAt ?? '');
    const checkIn = (ticket: string | undefined) =>
      json(`/api/bookings/${view.id}/check-in`, 'POST', { tickets: [ticket] });
    expect((await checkIn(first)).status).toBe(200);
    const before = await pass(first ?? '');
    await mailsAbout({ db: handle.db, network, now }, ''); // what check-in queued goes first
    now = new Date(start.getTime() + 60_000); // the operator's news comes after the tickets were bought

    const later = new Date(departs.getTime() + 75 * 60_000);
    const local = portTime(later, 'Asia/Jakarta');
    const body = {
      departure: `${local.date}T${local.time}`,
      noticeEn: 'Rough sea at Batam Centre this morning.',
      noticeId: 'Gelombang tinggi di Batam Centre pagi ini.',
    };
    const delay = (browser: TestBrowser, changes: object = {}) =>
      browser.request(`/api/staff/sailings/${sailingId}/delay`, {
        method: 'POST',
        json: { ...body, ...changes },
      });
    expect((await delay(agent)).status).toBe(403);
    expect((await delay(admin, { departure: '2026-02-30T10:00' })).status).toBe(400);
    expect((await delay(admin, { departure: `${local.date}T05:00` })).status).toBe(422);
    const done = await delay(admin);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ bookingsTold: 1, passesReissued: 1 });

    const [row] = await handle.db.select().from(sailings).where(eq(sailings.id, sailingId));
    expect(row?.departsAt.toISOString()).toBe(later.toISOString());
    expect(row?.scheduledDepartsAt?.toISOString()).toBe(departs.toISOString());
    expect(row?.noticeId).toBe(body.noticeId);
    const superseded = await handle.db.select().from(supersededBoardingPasses);
    expect(superseded.map((old) => [old.ticketNumber, old.departure.toISOString()])).toEqual([
      [first, departs.toISOString()],
    ]);
    // The pass is issued again with the new departure, and verifies with it; the old one signed the old time.
    const after = await pass(first ?? '');
    const published = publicKeysFromJwkSet(
      (await (await api.request('/api/boarding-pass/keys')).json()) as unknown,
    );
    const verified = verifyBoardingPass(after?.qrText ?? '', published);
    expect(verified.ok && verified.pass.departure.toISOString()).toBe(later.toISOString());
    expect(after?.qrText).not.toBe(before?.qrText);
    const [logged] = await auditEntries(handle.db, { action: 'sailing.delayed' });
    expect(logged).toMatchObject({ subjectId: sailingId, after: { passesSuperseded: [first] } });

    const sent = await mailsAbout({ db: handle.db, network, now }, view.code);
    const told = sent.filter(
      (mail) => mail.subject === `Booking ${view.code}: the operator delayed your sailing`,
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('The operator says: Rough sea at Batam Centre this morning.');
    expect(told[0]?.text).toContain('no longer valid at the gate');
    expect(sent.filter((mail) => mail.subject.startsWith('Your boarding passes'))).toHaveLength(1);
    const queued = await handle.db
      .select()
      .from(sentMails)
      .where(and(eq(sentMails.bookingId, view.id), eq(sentMails.kind, 'sailing_delayed')));
    expect(queued).toHaveLength(1);

    // A dry run read before this delay no longer holds: its departure moved since.
    const shown = portTime(departs, 'Asia/Jakarta');
    expect((await delay(admin, { from: `${shown.date}T${shown.time}` })).status).toBe(409);
    // Not onto another of the operator's sailings of the route; a second delay keeps the first published departure.
    const [next] = await handle.db
      .select()
      .from(sailings)
      .where(
        and(
          eq(sailings.routeId, row?.routeId ?? ''),
          eq(sailings.operatorCode, row?.operatorCode ?? ''),
          gt(sailings.departsAt, later),
        ),
      )
      .orderBy(asc(sailings.departsAt))
      .limit(1);
    const clash = portTime(next?.departsAt ?? later, 'Asia/Jakarta');
    expect((await delay(admin, { departure: `${clash.date}T${clash.time}` })).status).toBe(409);
    const again = portTime(new Date(later.getTime() + 25 * 60_000), 'Asia/Jakarta');
    expect((await delay(admin, { departure: `${again.date}T${again.time}` })).status).toBe(200);
    const [twice] = await handle.db.select().from(sailings).where(eq(sailings.id, sailingId));
    expect(twice?.scheduledDepartsAt?.toISOString()).toBe(departs.toISOString());
    // Check-in follows the new time: 30 minutes before the old departure, the second passenger may still check in.
    now = new Date(departs.getTime() - 30 * 60_000);
    expect((await checkIn(second)).status).toBe(200);
    // And may cancel without the fee, checked in, until the sailing leaves.
    const cancel = await json(`/api/bookings/${view.id}/cancellation`, 'POST', {
      tickets: [second],
      bank: 'BNI',
      accountNumber: '0987654321',
      accountHolder: 'Siti Rahma',
      agree: true,
    });
    expect(cancel.status).toBe(200);
    const [refund] = await handle.db.select().from(refunds).where(eq(refunds.bookingId, view.id));
    expect(refund).toMatchObject({
      reason: 'operator_delayed',
      amount: view.price.legs[0]?.perPassenger.adult.total,
    });
  });
});
