import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestCsv } from '../../src/domain/manifest.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookingPassengers } from '../../src/server/db/schema/bookings.ts';
import { sailings } from '../../src/server/db/schema/network.ts';
import { refunds, sentMails } from '../../src/server/db/schema/payments.ts';
import { renderManifestPdf } from '../../src/server/documents/manifest-pdf.ts';
import { Network } from '../../src/server/network.ts';
import { auditEntries } from '../../src/server/services/audit.ts';
import type { BookingView } from '../../src/server/services/booking-view.ts';
import { operatorChangePreview } from '../../src/server/services/operator-change-preview.ts';
import { sailingLoad } from '../../src/server/services/sailing-loads.ts';
import { sailingManifest } from '../../src/server/services/sailing-manifest.ts';
import { manifestLine, manifestSummary } from '../../src/server/views/staff-manifest.ts';
import { registerTestWebClient, testApp } from '../support/app.ts';
import type { TestBrowser } from '../support/browser.ts';
import { paidBookingView, ticketNumbersOf } from '../support/booking-flow.ts';
import { accessForPath } from '../support/booking-access.ts';
import { seeded, testDatabases } from '../support/databases.ts';
import { mailsAbout } from '../support/mail-capture.ts';
import { pdfPagesText } from '../support/pdf-text.ts';
import { signedInStaff } from '../support/staff.ts';

// Saturday 21 November 2026, 17:00 in Batam: the first sailing of Sunday 22 November is open for check-in.
const start = new Date('2026-11-21T10:00:00Z');
const network = new Network();

/**
 * The day of departure from the console: a sailing's passengers and manifest (nationality and sex asked at check-in
 * and added at the counter), its capacity, and the operator's cancellation with its dry run, through their doors.
 */
describe.each(testDatabases)('the console’s sailings on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  const now = start;
  let api: ReturnType<typeof testApp>;
  let agent: TestBrowser;
  let admin: TestBrowser;
  let pair: BookingView;
  let single: BookingView;
  let sailingId: string;

  // A traveller's request, with the proof of the booking's mailbox that its after-sales doors ask for.
  const json = (path: string, method: string, body: unknown) =>
    api.request(path, {
      method,
      headers: { 'Content-Type': 'application/json', ...accessForPath(path, now) },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), start, 10));
    await registerTestWebClient(handle.db);
    api = testApp(handle.db, () => now);
    agent = await signedInStaff({ handle, api, now }, 'agent@segaraferry.co.id', 'agent');
    admin = await signedInStaff({ handle, api, now }, 'admin@segaraferry.co.id', 'admin');
    pair = await paidBookingView(api, handle.db, { date: '2026-11-22', adults: 2, now });
    single = await paidBookingView(api, handle.db, { date: '2026-11-22', adults: 1, now });
    sailingId = pair.legs[0]?.sailingId ?? '';
    expect(single.legs[0]?.sailingId).toBe(sailingId);
  });
  afterAll(() => drop());

  it('asks nationality and sex at check-in, keeps them for the manifest, and refuses a chosen passenger without sex', async () => {
    const [first, second] = ticketNumbersOf(pair);
    const checkIn = (body: unknown) => json(`/api/bookings/${pair.id}/check-in`, 'POST', body);
    const noSex = await checkIn({ tickets: [first], travellers: [{ ticket: first, nationality: 'SG' }] });
    expect(noSex.status).toBe(422);
    expect(JSON.stringify(await noSex.json())).toContain(pair.passengers[0]?.fullName ?? '?');
    expect((await checkIn({ tickets: [first], travellers: [{ ticket: first, sex: 'Q' }] })).status).toBe(400);
    expect(
      (await checkIn({ tickets: [first], travellers: [{ ticket: first, nationality: 'ZZ', sex: 'F' }] }))
        .status,
    ).toBe(400);
    const done = await checkIn({
      tickets: [first],
      travellers: [
        { ticket: first, nationality: 'sg', sex: 'F' },
        { ticket: second, sex: 'M' }, // not chosen: not kept
      ],
    });
    expect(done.status).toBe(200);
    const people = await handle.db
      .select({
        position: bookingPassengers.position,
        nationality: bookingPassengers.nationality,
        sex: bookingPassengers.sex,
      })
      .from(bookingPassengers)
      .where(eq(bookingPassengers.bookingId, pair.id));
    expect(people.sort((a, b) => a.position - b.position)).toEqual([
      { position: 0, nationality: 'SG', sex: 'F' },
      { position: 1, nationality: null, sex: null },
    ]);
  });

  it('lists the sailing’s passengers with their check-in and what is missing, and an agent adds it at the counter', async () => {
    const rows = await sailingManifest(handle.db, sailingId);
    expect(rows).toHaveLength(3);
    const mine = rows.filter((row) => row.bookingCode === pair.code);
    expect(mine.map((row) => [row.position, row.ticketStatus, row.nationality])).toEqual([
      [0, 'checked_in', 'SG'],
      [1, 'active', null],
    ]);
    const door = (browser: TestBrowser, body: unknown) =>
      browser.request(`/api/staff/bookings/${pair.id}/travel-document`, { method: 'PUT', json: body });
    const body = { position: 1, nationality: 'ID', sex: 'M' };
    expect((await door(admin, { ...body, sex: 'male' })).status).toBe(400);
    expect((await door(agent, { ...body, position: 7 })).status).toBe(404);
    expect((await door(agent, body)).status).toBe(204);
    const [logged] = await auditEntries(handle.db, { action: 'booking.travel_document_added' });
    expect(logged).toMatchObject({
      actorKind: 'staff',
      bookingId: pair.id,
      after: { nationality: 'ID', sex: 'M' },
    });

    const after = await sailingManifest(handle.db, sailingId);
    const csv = manifestCsv(after).split('\r\n');
    expect(csv[0]).toContain('full_name,nationality,sex,date_of_birth,passport_number');
    expect(csv.filter((line) => line.includes(pair.code))).toHaveLength(2);
    expect(csv.find((line) => line.includes(single.code))).toMatch(/,no,no,nationality sex$/);

    const lines = after.map((row, index) => manifestLine(row, index, 'en'));
    const pdf = await renderManifestPdf(
      {
        locale: 'en',
        route: 'Batam Centre → HarbourFront',
        operator: 'Selat Express',
        departure: 'Sun 22 Nov 2026, 08:00 WIB',
        status: 'Scheduled',
        printedAt: '21 Nov 2026, 17:00 WIB',
        summary: manifestSummary(lines, 'en'),
      },
      lines,
    );
    const [page] = await pdfPagesText(pdf);
    expect(page).toContain('Passenger manifest');
    expect(page).toContain('Name as in passport');
    for (const row of after) {
      expect(page).toContain(row.ticketNumber);
      expect(page).toContain(row.passportNumber);
    }
    expect(page).toContain('Passengers: 3. Checked in: 1. Details missing: 1.');
  });

  it('changes the capacity for an admin only, never below the seats sold and held', async () => {
    const resize = (browser: TestBrowser, capacity: unknown) =>
      browser.request(`/api/staff/sailings/${sailingId}/capacity`, {
        method: 'PUT',
        json: { capacity, reason: 'Smaller vessel today' },
      });
    const before = await sailingLoad(handle.db, sailingId, now);
    expect(before).toMatchObject({ sold: 3, held: 0 });
    expect((await resize(agent, 120)).status).toBe(403);
    expect((await resize(admin, 2)).status).toBe(409);
    expect((await resize(admin, 0)).status).toBe(422);
    expect((await resize(admin, 'twelve')).status).toBe(400);
    expect((await resize(admin, 3)).status).toBe(204);
    expect((await sailingLoad(handle.db, sailingId, now))?.capacity).toBe(3);
    // Full now: nobody else can hold a seat on it.
    const held = await json('/api/bookings', 'POST', { trip: 'one_way', out: sailingId, adults: 1 });
    expect(held.status).not.toBe(201);
    expect((await resize(admin, before?.capacity ?? 0)).status).toBe(204);
    const [logged] = await auditEntries(handle.db, { action: 'sailing.capacity_changed' });
    expect(logged).toMatchObject({
      subjectId: sailingId,
      reason: 'Smaller vessel today',
      after: { capacity: before?.capacity },
    });
  });

  it('cancels for the operator after a dry run: every booking mailed once with the reason, refunds without fee', async () => {
    const preview = await operatorChangePreview(handle.db, sailingId);
    const paid = (view: BookingView) => view.price.legs[0]?.perPassenger.adult.total ?? 0;
    expect(preview).toEqual({
      bookings: 2,
      travellers: 3,
      checkedIn: 1,
      refundTotal: 2 * paid(pair) + paid(single),
    });
    const cancel = (browser: TestBrowser, body: unknown) =>
      browser.request(`/api/staff/sailings/${sailingId}/cancellation`, { method: 'POST', json: body });
    const notice = {
      noticeEn: 'Engine failure on the vessel.',
      noticeId: 'Mesin kapal mengalami kerusakan.',
    };
    expect((await cancel(agent, notice)).status).toBe(403);
    expect((await cancel(admin, { ...notice, noticeId: '' })).status).toBe(400);
    const done = await cancel(admin, notice);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ bookingsTold: 2 });
    expect((await cancel(admin, notice)).status).toBe(409);
    const [sailing] = await handle.db.select().from(sailings).where(eq(sailings.id, sailingId));
    expect(sailing).toMatchObject({
      status: 'cancelled',
      noticeEn: notice.noticeEn,
      noticeId: notice.noticeId,
    });
    // Every mail the job sends now (an empty code matches every subject), then each booking's own.
    const sent = await mailsAbout({ db: handle.db, network, now }, '');
    for (const view of [pair, single]) {
      const queued = await handle.db
        .select()
        .from(sentMails)
        .where(and(eq(sentMails.bookingId, view.id), eq(sentMails.kind, 'sailing_cancelled')));
      expect(queued).toHaveLength(1);
      const told = sent.filter(
        (mail) => mail.subject === `Booking ${view.code}: the operator cancelled your sailing`,
      );
      expect(told).toHaveLength(1);
      expect(told[0]?.text).toContain('The operator says: Engine failure on the vessel.');
    }
    // The checked-in traveller takes the refund: all of it, no fee kept.
    const refund = await json(`/api/bookings/${pair.id}/cancellation`, 'POST', {
      tickets: ticketNumbersOf(pair),
      bank: 'BNI',
      accountNumber: '0987654321',
      accountHolder: 'Siti Rahma',
      agree: true,
    });
    expect(refund.status).toBe(200);
    const [queued] = await handle.db.select().from(refunds).where(eq(refunds.bookingId, pair.id));
    expect(queued).toMatchObject({ reason: 'operator_cancelled', amount: 2 * paid(pair) });
  });
});
