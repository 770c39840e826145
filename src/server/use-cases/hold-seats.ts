import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { isBookable } from '../../domain/availability.ts';
import { bookingCodeFrom } from '../../domain/booking-code.ts';
import { holdExpiry } from '../../domain/booking-lifecycle.ts';
import { seatsNeeded } from '../../domain/passengers.ts';
import { priceBooking, type LegTariff } from '../../domain/pricing.ts';
import { returnLeavesInTime } from '../../domain/trip-dates.ts';
import type { Locale } from '../../i18n/locales.ts';
import { holdRequestSchema, type HoldRequest } from '../../schemas/hold.ts';
import type { Database } from '../db/client.ts';
import { sailingsWithSeats } from '../db/queries/inventory.ts';
import { tariffs, type Tariffs } from '../db/queries/tariffs.ts';
import type { Network } from '../network.ts';
import { refuse } from '../validation-errors.ts';
import { localizePath } from '../../i18n/locales.ts';
import { carryDetails } from './carry-details.ts';
import type { UseCaseContext } from './context.ts';
import { releaseHold } from './release-hold.ts';
import { defineUseCase } from './use-case.ts';
import { log } from '../observability/log.ts';

interface HoldContext {
  db: Database;
  network: Network;
  now: Date;
  locale: Locale;
  /**
   * Lock the sailings before counting their seats. Only the concurrency tests turn it off, to prove they catch
   * the oversell a missing lock causes (tests/concurrency/oversell.test.ts).
   */
  lockSeats?: boolean;
}

export interface Hold {
  id: string;
  code: string;
  expiresAt: Date;
}

interface LegPlan {
  leg: 0 | 1;
  field: 'out' | 'ret' | 'operator';
  routeId: string;
  operatorCode: string;
  sailingId: string | null;
}

/** A chosen sailing as the preview read it: route, times, status, capacity and seats taken. */
type LockedSailing = Awaited<ReturnType<typeof sailingsWithSeats>>[number];

function planLegs(request: HoldRequest, found: LockedSailing[], context: HoldContext): LegPlan[] {
  if (request.trip === 'open') {
    const route = context.network.route(request.from ?? '', request.to ?? '');
    if (!route) throw refuse('to', 'search_error_route');
    return [
      { leg: 0, field: 'operator', routeId: route.id, operatorCode: request.operator ?? '', sailingId: null },
    ];
  }
  const pick = (id: string | undefined, field: 'out' | 'ret') => {
    const sailing = found.find((s) => s.id === id);
    if (!sailing) throw refuse(field, `hold_error_${field}`);
    if (sailing.status !== 'scheduled' || !isBookable(sailing.departsAt, context.now))
      throw refuse(field, 'hold_error_closed');
    return sailing;
  };
  const out = pick(request.out, 'out');
  const legs: LegPlan[] = [
    { leg: 0, field: 'out', routeId: out.routeId, operatorCode: out.operatorCode, sailingId: out.id },
  ];
  if (request.trip === 'two_way') {
    const back = pick(request.ret, 'ret');
    const outRoute = context.network.routeById(out.routeId);
    const backRoute = context.network.routeById(back.routeId);
    if (!outRoute || backRoute?.from !== outRoute.to || backRoute.to !== outRoute.from)
      throw refuse('ret', 'hold_error_ret');
    if (!returnLeavesInTime(out.arrivesAt, back.departsAt)) throw refuse('ret', 'results_return_after');
    legs.push({
      leg: 1,
      field: 'ret',
      routeId: back.routeId,
      operatorCode: back.operatorCode,
      sailingId: back.id,
    });
  }
  return legs;
}

function legTariffs(legs: LegPlan[], network: Network, rates: Tariffs): LegTariff[] {
  return legs.map((leg) => {
    const fare = rates.fare(leg.routeId, leg.operatorCode);
    if (!fare) throw refuse(leg.field, 'hold_error_operator');
    return { ticket: fare, ...rates.charges(network.routeById(leg.routeId)?.from ?? '') };
  });
}

/**
 * Choosing sailings: a `held` booking whose seats count as taken for 20 minutes. One transaction locks the
 * sailings, re-counts their seats and writes the booking, so two bookers can never both get the last seat, on one
 * process or on several sharing PostgreSQL. An open ticket holds no seat until it is claimed.
 */
async function createHold(request: HoldRequest, context: HoldContext): Promise<Hold> {
  const counts = { adult: request.adults, child: request.children, infant: request.infants };
  const seats = seatsNeeded(counts);
  const expiresAt = holdExpiry(context.now);
  const ids = [request.out, request.trip === 'two_way' ? request.ret : undefined].filter(
    (id): id is string => request.trip !== 'open' && id !== undefined,
  );
  // Everything that needs no lock comes first (fares and fees are cached per process), so the locked part is one
  // statement. The preview also answers a full sailing at once: who cannot get a seat never queues for the lock.
  const rates = await tariffs(context.db);
  const preview = ids.length > 0 ? await sailingsWithSeats(context.db, ids, context.now) : [];
  const legs = planLegs(request, preview, context);
  for (const leg of legs) {
    const sailing = preview.find((s) => s.id === leg.sailingId);
    if (sailing && sailing.capacity - sailing.taken < seats) throw refuse(leg.field, 'hold_error_sold_out');
  }
  const price = priceBooking(legTariffs(legs, context.network, rates), counts, rates.lowestTransactionFee);
  const id = randomBytes(18).toString('base64url');
  // 32^6 codes: a clash is rare but possible; the unique index decides, and a clash draws again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = bookingCodeFrom(randomBytes(6));
    const booking = {
      id,
      code,
      status: 'held',
      trip: request.trip,
      locale: context.locale,
      adults: request.adults,
      children: request.children,
      infants: request.infants,
      price,
      expires_at: expiresAt.toISOString(),
      created_at: context.now.toISOString(),
      updated_at: context.now.toISOString(),
    };
    const rows = legs.map((leg) => ({
      leg: leg.leg,
      route_id: leg.routeId,
      operator_code: leg.operatorCode,
      sailing_id: leg.sailingId,
      seats,
    }));
    let outcome: string;
    try {
      outcome = await holdSeats(
        context.db,
        { ids, seats, now: context.now, lock: context.lockSeats ?? true },
        booking,
        rows,
      );
    } catch (error) {
      if (isUniqueViolation(error)) continue;
      throw error;
    }
    if (outcome === 'held') return { id, code, expiresAt };
    // Between the preview and the lock the sailing filled up (or closed): the lock had the last word.
    const [kind, sailingId] = outcome.split(':');
    const field = legs.find((leg) => leg.sailingId === sailingId)?.field ?? 'out';
    throw kind === 'closed' ? refuse(field, 'hold_error_closed') : refuse(field, 'hold_error_sold_out');
  }
  throw new Error('could not draw a free booking code');
}

/**
 * The locked part (migration 0007 hold_seats): lock the sailings in id order, count their seats with a fresh
 * snapshot, write the booking and its legs, in one statement and so one transaction. With `lock` off (tests
 * only) the same race oversells, which proves the concurrency test can see it.
 */
async function holdSeats(
  db: Database,
  sailingsToLock: { ids: string[]; seats: number; now: Date; lock: boolean },
  booking: Record<string, unknown>,
  legs: Record<string, unknown>[],
): Promise<string> {
  const { ids, seats, now, lock } = sailingsToLock;
  // PGlite and node-postgres both answer `{ rows }`; Drizzle types the two drivers' results differently.
  const result = (await db.execute(
    sql`select hold_seats(string_to_array(${[...ids].sort().join(',')}, ',')::uuid[], ${seats}::int,
      ${now.toISOString()}::timestamptz, ${lock}, ${JSON.stringify(booking)}::jsonb, ${JSON.stringify(legs)}::jsonb) as outcome`,
  )) as { rows: { outcome?: string }[] };
  const outcome = result.rows[0]?.outcome;
  if (!outcome) throw new Error('hold_seats answered nothing');
  return outcome;
}

/** A booking-code clash: PostgreSQL's unique_violation, as the driver or Drizzle's wrapper reports it. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error || (typeof cause === 'object' && cause !== null);) {
    if ((cause as { code?: unknown }).code === '23505') return true;
    cause = (cause as { cause?: unknown }).cause;
    if (cause === undefined) break;
  }
  return false;
}

/**
 * Use case: hold seats. Adapters parse `input`, then `run`; it spends a point of the address's hold limit first
 * (429 once spent), then holds (201), or refuses: sold out (409), closed (422), unknown sailing (400).
 */
export const hold = defineUseCase({
  name: 'hold-seats',
  input: holdRequestSchema,
  async run(ctx: UseCaseContext, request: HoldRequest): Promise<Hold> {
    await ctx.rateLimits.holds.take(ctx.address);
    const held = await createHold(request, {
      db: ctx.db,
      network: ctx.network,
      now: ctx.clock(),
      locale: ctx.locale,
      lockSeats: ctx.lockSeats,
    });
    ctx.session.keepHold(held.id);
    await replacePreviousHold(ctx, held.id);
    return held;
  },
  route: {
    method: 'POST',
    path: '/bookings',
    caller: 'guest',
    status: 201,
    answer: (held) => ({
      id: held.id,
      code: held.code,
      status: 'held',
      expiresAt: held.expiresAt.toISOString(),
    }),
  },
  form: { next: (held, ctx) => localizePath(`/booking/${held.id}`, ctx.locale) },
  refusals: [409, 422, 429],
});

/**
 * The browser's previous hold (its cookie) is released once the new one is made: choosing again after going back
 * must not block the first choice's seats for the rest of its 20 minutes. What was typed on it comes along. Best
 * effort: the new hold stands even if the old one cannot be tidied now (the sweeper ends it in time).
 */
async function replacePreviousHold(ctx: UseCaseContext, heldNow: string): Promise<void> {
  const previous = ctx.access.heldHere;
  if (!previous || previous === heldNow) return;
  try {
    await carryDetails.run(ctx, { from: previous, to: heldNow });
    await releaseHold.run(ctx, { bookingId: previous });
  } catch (error) {
    log.error({ err: error }, 'could not carry over or release the previous hold');
  }
}
