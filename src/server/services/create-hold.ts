import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { isBookable } from '../../domain/availability.ts';
import { bookingCodeFrom } from '../../domain/booking-code.ts';
import { HOLD_MINUTES } from '../../domain/booking-status.ts';
import { seatsNeeded } from '../../domain/passengers.ts';
import { priceBooking, type LegTariff } from '../../domain/pricing.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { HoldRequest } from '../../schemas/hold.ts';
import type { Database } from '../db/client.ts';
import { lockSailings } from '../db/queries/inventory.ts';
import { tariffs, type Tariffs } from '../db/queries/tariffs.ts';
import { bookingLegs, bookings } from '../db/schema/bookings.ts';
import { fares } from '../db/schema/network.ts';
import type { Network } from '../network.ts';
import { refuse } from '../validation-errors.ts';

export interface HoldContext {
  db: Database;
  network: Network;
  now: Date;
  locale: Locale;
  /**
   * Lock the sailings before counting their seats. Only the concurrency tests turn it off, to prove they catch
   * the oversell a missing lock causes (ARCHITECTURE.md §4.8).
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

/** Locks the chosen sailings in id order (two bookers never wait on each other crosswise), then counts seats. */
type LockedSailing = Awaited<ReturnType<typeof lockSailings>>[number];

function planLegs(request: HoldRequest, found: LockedSailing[], context: HoldContext): LegPlan[] {
  if (request.trip === 'open') {
    const route = context.network.route(request.from ?? '', request.to ?? '');
    if (!route) throw refuse(400, 'to', 'search_error_route');
    return [
      { leg: 0, field: 'operator', routeId: route.id, operatorCode: request.operator ?? '', sailingId: null },
    ];
  }
  const pick = (id: string | undefined, field: 'out' | 'ret') => {
    const sailing = found.find((s) => s.id === id);
    if (!sailing) throw refuse(400, field, `hold_error_${field}`);
    if (sailing.status !== 'scheduled' || !isBookable(sailing.departsAt, context.now))
      throw refuse(422, field, 'hold_error_closed');
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
      throw refuse(400, 'ret', 'hold_error_ret');
    if (back.departsAt <= out.arrivesAt) throw refuse(400, 'ret', 'results_return_after');
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

async function legTariffs(
  tx: Database,
  legs: LegPlan[],
  network: Network,
  rates: Tariffs,
): Promise<LegTariff[]> {
  return Promise.all(
    legs.map(async (leg) => {
      const [fare] = await tx
        .select()
        .from(fares)
        .where(and(eq(fares.routeId, leg.routeId), eq(fares.operatorCode, leg.operatorCode)));
      if (!fare) throw refuse(400, leg.field, 'hold_error_operator');
      const from = network.routeById(leg.routeId)?.from ?? '';
      return {
        ticket: { adult: fare.adult, child: fare.child, infant: fare.infant },
        ...rates.charges(from),
      };
    }),
  );
}

/**
 * Choosing sailings: a `held` booking whose seats count as taken for 20 minutes. One transaction locks the
 * sailings, re-counts their seats and writes the booking, so two bookers can never both get the last seat, on one
 * process or on several sharing PostgreSQL. An open ticket holds no seat until it is claimed.
 */
export async function createHold(request: HoldRequest, context: HoldContext): Promise<Hold> {
  const counts = { adult: request.adults, child: request.children, infant: request.infants };
  const seats = seatsNeeded(counts);
  const expiresAt = new Date(context.now.getTime() + HOLD_MINUTES * 60_000);
  const ids = [request.out, request.trip === 'two_way' ? request.ret : undefined].filter(
    (id): id is string => request.trip !== 'open' && id !== undefined,
  );
  // Read before the transaction: PGlite has one connection, and a query outside an open transaction would wait.
  const rates = await tariffs(context.db);
  return context.db.transaction(async (tx) => {
    const found = await lockSailings(tx, ids, context.now, context.lockSeats ?? true);
    const legs = planLegs(request, found, context);
    for (const leg of legs) {
      const sailing = found.find((s) => s.id === leg.sailingId);
      if (sailing && sailing.capacity - sailing.taken < seats)
        throw refuse(409, leg.field, 'hold_error_sold_out');
    }
    const price = priceBooking(
      await legTariffs(tx, legs, context.network, rates),
      counts,
      rates.lowestTransactionFee,
    );
    const id = randomBytes(18).toString('base64url');
    let code = '';
    // 32^6 codes: a clash is rare but possible; the unique index decides, and a clash draws again.
    for (let attempt = 0; !code; attempt++) {
      if (attempt === 5) throw new Error('could not draw a free booking code');
      const candidate = bookingCodeFrom(randomBytes(6));
      const [row] = await tx
        .insert(bookings)
        .values({
          id,
          code: candidate,
          status: 'held',
          trip: request.trip,
          locale: context.locale,
          adults: request.adults,
          children: request.children,
          infants: request.infants,
          price,
          expiresAt,
          createdAt: context.now,
          updatedAt: context.now,
        })
        .onConflictDoNothing({ target: bookings.code })
        .returning({ code: bookings.code });
      code = row?.code ?? '';
    }
    await tx.insert(bookingLegs).values(
      legs.map((leg) => ({
        bookingId: id,
        leg: leg.leg,
        routeId: leg.routeId,
        operatorCode: leg.operatorCode,
        sailingId: leg.sailingId,
        seats,
      })),
    );
    return { id, code, expiresAt };
  });
}
