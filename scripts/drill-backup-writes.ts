// The backup drill's traffic (`npm run drill:backup`): travellers holding seats, paying through the sandbox gateway's
// signed callback and cancelling a ticket for a refund, through the API's routes and their use cases, as the tests
// drive them. Each write is logged once the app has answered it: what a traveller was told is done.
import { eq } from 'drizzle-orm';
import type { Database } from '../src/server/db/client.ts';
import { tickets } from '../src/server/db/schema/payments.ts';
import { testApp } from '../tests/support/app.ts';
import { accessTo } from '../tests/support/booking-access.ts';
import { bookingReadyToPay, payInFull } from '../tests/support/booking-flow.ts';

/** One acknowledged write. A cancellation carries what it cancelled and the refund the app promised. */
export type Acknowledged =
  | { kind: 'held'; bookingId: string }
  | { kind: 'paid'; bookingId: string }
  | { kind: 'cancelled'; bookingId: string; ticketNumber: string; refund: number };

export interface Traffic {
  /** Every acknowledged write, in the order the answers came. */
  log: Acknowledged[];
  /** Requests the app refused (a sailing sold out), and anything that failed otherwise. */
  refused: number;
  failures: string[];
  /** Stops starting new bookings and resolves once every traveller's current one is done. */
  stop: () => Promise<void>;
}

/** The Batam dates from `fromDay` to `toDay` days ahead: far enough that cancelling is allowed, with a fee. */
function travelDates(fromDay: number, toDay: number): string[] {
  return Array.from({ length: toDay - fromDay + 1 }, (_, i) =>
    new Date(Date.now() + (fromDay + i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/**
 * Starts `travellers` concurrent travellers on `db`, on the real clock. Every booking is held for two adults; four in
 * five are paid, and one paid booking in three then cancels one ticket; the rest stay held (holds count seats too).
 */
export function startTraffic(db: Database, travellers: number): Traffic {
  const app = testApp(db, () => new Date());
  const dates = travelDates(3, 12);
  let stopped = false;
  let next = 0;
  const traffic: Traffic = {
    log: [],
    refused: 0,
    failures: [],
    stop: async () => {
      stopped = true;
      await running;
    },
  };

  async function cancelOne(bookingId: string) {
    const [ticket] = await db.select().from(tickets).where(eq(tickets.bookingId, bookingId)).limit(1);
    if (!ticket) throw new Error(`paid booking ${bookingId} has no ticket`);
    const answer = await app.request(`/api/bookings/${bookingId}/cancellation`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...accessTo(bookingId, new Date()) },
      body: JSON.stringify({
        agree: true,
        tickets: [ticket.ticketNumber],
        bank: 'BCA',
        accountNumber: '1234567890',
        accountHolder: 'Siti Rahma',
      }),
    });
    if (answer.status !== 200)
      throw new Error(`cancellation: ${String(answer.status)} ${await answer.text()}`);
    const { refund } = (await answer.json()) as { refund: number };
    traffic.log.push({ kind: 'cancelled', bookingId, ticketNumber: ticket.ticketNumber, refund });
  }

  async function traveller() {
    while (!stopped) {
      // PGlite answers without I/O, in promise callbacks alone: without a turn of the event loop here the
      // travellers would never let the drill's timers (and its stop) run.
      await new Promise((resolve) => setImmediate(resolve));
      const n = next++;
      try {
        const { id } = await bookingReadyToPay(app, {
          date: dates[n % dates.length] ?? '',
          adults: 2,
          // Every date's first and last sailing in turn: twice as many sailings to count seats on.
          sailing: Math.floor(n / dates.length) % 2 === 0 ? 'first' : 'last',
        });
        traffic.log.push({ kind: 'held', bookingId: id });
        if (n % 5 === 4) continue;
        await payInFull(app, db, id, new Date());
        traffic.log.push({ kind: 'paid', bookingId: id });
        if (n % 3 === 0) await cancelOne(id);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (message.includes('hold failed: 409')) traffic.refused++;
        else traffic.failures.push(message);
      }
    }
  }

  const running = Promise.all(Array.from({ length: travellers }, traveller));
  return traffic;
}

/** Waits until `count` writes of `kind` are acknowledged; throws on a failed write, or after `seconds`. */
export async function waitForWrites(
  traffic: Traffic,
  kind: Acknowledged['kind'],
  count: number,
  seconds = 120,
): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (traffic.log.filter((write) => write.kind === kind).length < count) {
    if (traffic.failures.length > 0) throw new Error(`writes failed:\n${traffic.failures.join('\n')}`);
    if (Date.now() > deadline)
      throw new Error(`fewer than ${String(count)} ${kind} writes in ${String(seconds)} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
