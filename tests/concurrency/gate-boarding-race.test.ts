import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { boardingMarks } from '../../src/server/db/schema/gate.ts';
import { tickets } from '../../src/server/db/schema/payments.ts';
import { registerTestWebClient, testApp } from '../support/app.ts';
import { paidBookingView, ticketNumbersOf } from '../support/booking-flow.ts';
import { closeAndDrop, createPostgresDatabase, seeded } from '../support/databases.ts';
import { signedInStaff } from '../support/staff.ts';

/**
 * PostgreSQL only (a pool, so the transactions overlap): two gates upload the same tickets at once, each scan with a
 * nonce of its own, and one gate's upload is retried while the first is still running (its answer lost). Each ticket
 * boards once: one `boarded` answer per ticket, the others `already_boarded`, a retried nonce answering as its first
 * send did, and one stored mark per nonce. Without the ticket's row lock, both gates board the same ticket.
 */
const start = new Date('2026-11-21T10:00:00Z');
const BOOKINGS = 6;

describe('two gates boarding the same tickets on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let api: ReturnType<typeof testApp>;
  const devices: string[] = [];
  const numbers: string[] = [];
  const sailingOf = new Map<string, string>();

  beforeAll(async () => {
    database = await createPostgresDatabase();
    handle = await openDatabase({ url: database.url, poolMax: 16 });
    await seeded({ handle, drop: database.drop }, start, 5);
    await registerTestWebClient(handle.db);
    api = testApp(handle.db, () => start);
    const admin = await signedInStaff({ handle, api, now: start }, 'ayu@segaraferry.co.id', 'admin');
    const agent = await signedInStaff({ handle, api, now: start }, 'budi@segaraferry.co.id', 'agent');
    for (const name of ['Gate 1', 'Gate 2']) {
      const added = await admin.request('/api/staff/gate-devices', { method: 'POST', json: { name } });
      const { setUpCode } = (await added.json()) as { setUpCode: string };
      const enrolled = await agent.request('/api/gate/enrolment', {
        method: 'POST',
        json: { code: setUpCode },
      });
      devices.push(((await enrolled.json()) as { token: string }).token);
    }
    for (let i = 0; i < BOOKINGS; i++) {
      const view = await paidBookingView(api, handle.db, { date: '2026-11-22', adults: 2, now: start });
      const own = ticketNumbersOf(view);
      const checkIn = await api.request(`/api/bookings/${view.id}/check-in`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ tickets: own }),
      });
      expect(checkIn.status).toBe(200);
      numbers.push(...own);
      for (const number of own) sailingOf.set(number, view.legs[0]?.sailingId ?? '');
    }
  }, 120_000);
  afterAll(() => closeAndDrop(handle, database));

  interface Result {
    nonce: string;
    ticketNumber: string;
    outcome: string;
  }
  const upload = async (token: string, marks: { nonce: string; ticketNumber: string }[]) => {
    const answer = await api.request('/api/gate/boardings', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        marks: marks.map((m) => ({
          ...m,
          sailingId: sailingOf.get(m.ticketNumber),
          scannedAt: start.toISOString(),
        })),
      }),
    });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { results: Result[] }).results;
  };

  it('boards each ticket once, however the uploads and a retry interleave', async () => {
    const shuffled = <T>(items: T[]) => [...items].sort(() => Math.random() - 0.5);
    const gateOne = shuffled(numbers).map((ticketNumber) => ({ nonce: crypto.randomUUID(), ticketNumber }));
    const gateTwo = shuffled(numbers).map((ticketNumber) => ({ nonce: crypto.randomUUID(), ticketNumber }));
    const [one = '', two = ''] = devices;
    const answers = await Promise.all([
      upload(one, gateOne),
      upload(two, gateTwo),
      // Gate one's upload sent again while the first is in flight: the same nonces.
      upload(one, gateOne.slice(0, 4)),
    ]);
    const [first, second, retry] = answers;
    for (const ticketNumber of numbers) {
      const outcomes = [...first, ...second]
        .filter((r) => r.ticketNumber === ticketNumber)
        .map((r) => r.outcome);
      expect(outcomes.sort()).toEqual(['already_boarded', 'boarded']);
    }
    for (const result of retry)
      expect(result.outcome).toBe(first.find((r) => r.nonce === result.nonce)?.outcome);
    const rows = await handle.db.select().from(tickets).where(inArray(tickets.ticketNumber, numbers));
    expect(rows.every((row) => row.status === 'boarded')).toBe(true);
    const marks = await handle.db
      .select()
      .from(boardingMarks)
      .where(inArray(boardingMarks.ticketNumber, numbers));
    expect(marks).toHaveLength(numbers.length * 2);
    expect(marks.filter((mark) => mark.outcome === 'boarded')).toHaveLength(numbers.length);
  });
});
