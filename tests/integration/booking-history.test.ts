import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { Network } from '../../src/server/network.ts';
import { auditEntries } from '../../src/server/services/audit.ts';
import { bookingHistory, type HistoryEntry } from '../../src/server/services/booking-history.ts';
import { bookingView } from '../../src/server/services/booking-view.ts';
import { historyLine } from '../../src/server/views/staff-booking.ts';
import { testApp } from '../support/app.ts';
import { accessTo } from '../support/booking-access.ts';
import { bookingReadyToPay, payInFull } from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const now = new Date('2026-11-21T10:00:00Z');
const told = (entries: HistoryEntry[]) =>
  entries.map((entry) => (entry.source === 'audit' ? entry.action : entry.event));

describe.each(testDatabases)("a booking's history on $name", (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let app: ReturnType<typeof testApp>;
  const post = (id: string, task: string, body: Record<string, unknown>) =>
    app.request(`/api/bookings/${id}/${task}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...accessTo(id, now) },
      body: JSON.stringify({ agree: true, ...body }),
    });

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), now, 10));
    app = testApp(handle.db, () => now);
  });
  afterAll(() => drop());

  it("keeps a traveller's own cancellation as a line of its own, even one that refunds nothing", async () => {
    const { id } = await bookingReadyToPay(app, { date: '2026-11-25', infants: 1 });
    await payInFull(app, handle.db, id, now);
    const view = await bookingView(handle.db, new Network(), id, 'en');
    const baby = view?.passengers.find((p) => p.fullName === 'Baby A')?.tickets[0]?.ticketNumber ?? '';
    // An infant's fare is below the fee: nothing goes back, so no account is asked for.
    const answer = await post(id, 'cancellation', { tickets: [baby] });
    expect(answer.status).toBe(200);
    const { fee, refund } = (await answer.json()) as { fee: number; refund: number };
    expect(refund).toBe(0);
    const rows = await auditEntries(handle.db, { bookingId: id });
    expect(rows.map((row) => row.action)).toEqual(['booking.cancelled', 'payment.recorded']);
    expect(rows[0]).toMatchObject({
      actorKind: 'traveller',
      subjectType: 'booking',
      subjectId: id,
      reason: null,
      after: { tickets: [baby], fee, refund: 0 },
    });
    const { entries } = await bookingHistory(handle.db, id);
    expect(told(entries)).toContain('booking.cancelled');
    const line = entries.find((entry) => entry.source === 'audit' && entry.action === 'booking.cancelled');
    if (!line) throw new Error('no cancellation line');
    expect(historyLine(line, 'en')).toMatchObject({
      what: 'Tickets cancelled',
      who: 'Traveller',
      detail: baby,
    });
    expect(historyLine(line, 'id')).toMatchObject({ what: 'Tiket dibatalkan', detail: baby });
  });
});
