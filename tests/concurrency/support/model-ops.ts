// The operations of the booking model: what travellers, the gateway, time and the sweeper do to a few small
// sailings, chosen by a seeded random source so a failing run replays its choices (the interleaving is the
// processes' own).
import { and, eq, gt, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/client.ts';
import { bookingLegs, bookings } from '../../../src/server/db/schema/bookings.ts';
import { payments } from '../../../src/server/db/schema/payments.ts';
import { expireBookings } from '../../../src/server/jobs/expire-bookings.ts';
import { sandboxSignature } from '../../../src/server/payments/sandbox.ts';
import { TEST_SANDBOX_SECRET } from '../../support/app.ts';
import { contact, paidCallbackBody, passenger } from '../../support/booking-flow.ts';
import type { ApiProcess } from './api-processes.ts';
import { call } from './http.ts';

/** mulberry32: a small seeded generator, enough to replay a run's choices. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T | undefined => items[int(0, items.length - 1)];
  return { next, int, pick };
}
export type Random = ReturnType<typeof seededRandom>;

export interface ModelWorld {
  db: Database;
  apis: ApiProcess[];
  /** The sailings of the current day, out and back, cut down to a few seats each. */
  outbound: string[];
  back: string[];
  /** Bookings made so far, with their party size and whether their details were saved. */
  booked: { id: string; adults: number; details: boolean }[];
  /** Callbacks already sent, to replay. */
  sent: { raw: string }[];
  /** Every HTTP status answered, to count the 5xx. */
  statuses: number[];
}

export type Operation = (world: ModelWorld, random: Random) => Promise<string>;

const answer = (world: ModelWorld, status: number) => {
  world.statuses.push(status);
  return String(status);
};

const hold: Operation = async (world, random) => {
  const adults = random.int(1, 3);
  const out = random.pick(world.outbound);
  const twoWay = random.next() < 0.4;
  const body = twoWay ? { trip: 'two_way', out, ret: random.pick(world.back), adults } : { out, adults };
  const response = await call(random.pick(world.apis), '/api/bookings', 'POST', body);
  if (response.status === 201)
    world.booked.push({ id: (response.body as { id: string }).id, adults, details: false });
  return `hold ${String(adults)} -> ${answer(world, response.status)}`;
};

const details: Operation = async (world, random) => {
  const booking = random.pick(world.booked.filter((b) => !b.details));
  if (!booking) return 'details: none';
  const passengers = Array.from({ length: booking.adults }, (_, i) =>
    passenger(`Passenger ${String(i + 1)}`),
  );
  const response = await call(random.pick(world.apis), `/api/bookings/${booking.id}/details`, 'PUT', {
    contact,
    passengers,
  });
  if (response.status === 204) booking.details = true;
  return `details -> ${answer(world, response.status)}`;
};

const pay: Operation = async (world, random) => {
  const booking = random.pick(world.booked.filter((b) => b.details));
  if (!booking) return 'pay: none';
  const bank = random.pick(['bni', 'bri', 'bsi', 'mandiri', 'permata']);
  const response = await call(random.pick(world.apis), `/api/bookings/${booking.id}/payment`, 'POST', {
    bank,
    agree: true,
  });
  return `pay -> ${answer(world, response.status)}`;
};

/** The gateway: on time or late, exact, under or over, or a replay of a callback already sent. */
const callback: Operation = async (world, random) => {
  let raw: string | undefined;
  if (random.next() < 0.25) raw = random.pick(world.sent)?.raw;
  if (!raw) {
    const ids = world.booked.map((b) => b.id);
    if (ids.length === 0) return 'callback: no booking';
    const issued = await world.db
      .select()
      .from(payments)
      .where(and(isNotNull(payments.accountNumber), inArray(payments.bookingId, ids)));
    const payment = random.pick(issued);
    if (!payment) return 'callback: no VA';
    const roll = random.next();
    const amount = roll < 0.15 ? payment.amount - 1000 : roll < 0.3 ? payment.amount + 5000 : payment.amount;
    const body = paidCallbackBody(payment, new Date(), {
      amount,
      payment_id: `model-${String(random.int(0, 1e9))}`,
    });
    raw = JSON.stringify(body);
    world.sent.push({ raw });
  }
  const response = await call(random.pick(world.apis), '/api/payments/sandbox/callback', 'POST', raw, {
    'X-Sandbox-Signature': sandboxSignature(TEST_SANDBOX_SECRET, raw),
  });
  return `callback -> ${answer(world, response.status)} ${String((response.body as { status?: string }).status)}`;
};

/** Time passing for one booking: its hold or VA now ends within a second or two of now, or has just ended. */
const expire: Operation = async (world, random) => {
  const holding = await world.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(inArray(bookings.status, ['held', 'awaiting_payment']), gt(bookings.expiresAt, new Date())));
  const booking = random.pick(holding);
  if (!booking) return 'expire: none';
  const at = new Date(Math.ceil((Date.now() + random.int(-1000, 1500)) / 1000) * 1000);
  // This stands in for the clock, not for a product path: a collision with a product transaction is skipped.
  const moved = world.db
    .update(bookings)
    .set({ expiresAt: at })
    // Only ever sooner: moving an expiry later is no one's move, and would revive a lapsed hold uncounted.
    .where(
      and(
        eq(bookings.id, booking.id),
        inArray(bookings.status, ['held', 'awaiting_payment']),
        gt(bookings.expiresAt, at),
      ),
    );
  return moved.then(
    () => `expire at ${at.toISOString()}`,
    () => 'expire: collided, skipped',
  );
};

/**
 * The deadline race: some other transaction (a slow "Pay", a staff edit) keeps a booking locked until just past its
 * expiry, while a "Pay" or a payment for it waits for that lock and another traveller wants its sailing. Whatever
 * waited must decide at the time it got the lock.
 */
const linger: Operation = async (world, random) => {
  const soon = await world.db
    .select({ id: bookings.id, expiresAt: bookings.expiresAt })
    .from(bookings)
    .where(
      and(
        inArray(bookings.status, ['held', 'awaiting_payment']),
        gt(bookings.expiresAt, new Date()),
        lt(bookings.expiresAt, new Date(Date.now() + 1500)),
      ),
    );
  const booking = random.pick(soon);
  if (!booking?.expiresAt) return 'linger: none';
  const until = booking.expiresAt.getTime() + random.int(50, 400);
  const waiting = random.next() < 0.5 ? pay : callback;
  const tracked = world.booked.find((b) => b.id === booking.id);
  const [locked] = await Promise.all([
    world.db.transaction(async (tx) => {
      await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, booking.id)).for('update');
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, until - Date.now())));
      return 'linger';
    }),
    // Only this booking, for the one waiting on it.
    waiting({ ...world, booked: tracked ? [tracked] : [] }, random),
    // Just before the lock is let go, another traveller wants the lapsed hold's sailing.
    new Promise((resolve) => setTimeout(resolve, Math.max(0, until - 40 - Date.now()))).then(async () => {
      const [leg] = await world.db
        .select({ sailingId: bookingLegs.sailingId })
        .from(bookingLegs)
        .where(eq(bookingLegs.bookingId, booking.id));
      return hold({ ...world, outbound: leg?.sailingId ? [leg.sailingId] : world.outbound }, random);
    }),
  ]);
  return `${locked} until ${new Date(until).toISOString()}`;
};

const sweep: Operation = async (world) => {
  const expired = await expireBookings(world.db, new Date());
  return `sweep: ${String(expired.length)}`;
};

/** The mix of a batch: travellers mostly hold, pay and get paid; time and the sweeper step in now and then. */
export const operations: [number, Operation][] = [
  [24, hold],
  [14, details],
  [18, pay],
  [26, callback],
  [16, expire],
  [8, linger],
  [6, sweep],
];

export function pickOperation(random: Random): Operation {
  const total = operations.reduce((sum, [weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [weight, operation] of operations) {
    roll -= weight;
    if (roll < 0) return operation;
  }
  return hold;
}
