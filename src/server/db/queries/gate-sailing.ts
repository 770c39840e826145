import { and, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import { passengerInitials } from '../../../domain/boarding-pass-payload.ts';
import type { GateRevocation } from '../../../domain/gate.ts';
import type { Database } from '../client.ts';
import { supersededBoardingPasses } from '../schema/boarding.ts';
import { bookingLegs, bookingPassengers, bookings } from '../schema/bookings.ts';
import { sailings } from '../schema/network.ts';
import { tickets } from '../schema/payments.ts';
import { legBooking, legTickets, ticketPassenger } from './sailing-tickets.ts';

/** What a gate device keeps of the sailing it boards (docs/decisions/0014): read while online, used offline. */
export interface GateSailingData {
  id: string;
  routeId: string;
  operatorCode: string;
  departsAt: Date;
  cancelled: boolean;
  /** Checked-in and boarded tickets: initials only, what a gate shows beside the passport in hand. */
  manifest: { ticketNumber: string; initials: string; boarded: boolean }[];
  /** Tickets whose pass was issued and no longer holds, with why. */
  revoked: ({ ticketNumber: string } & GateRevocation)[];
}

/** What a gate device is told of a sailing, in its list and on its own. */
const sailingColumns = {
  id: sailings.id,
  routeId: sailings.routeId,
  operatorCode: sailings.operatorCode,
  departsAt: sailings.departsAt,
  status: sailings.status,
};

/** The sailing, its boarding manifest and its revocations; undefined for an unknown sailing. */
export async function gateSailing(db: Database, sailingId: string): Promise<GateSailingData | undefined> {
  const [sailing] = await db.select(sailingColumns).from(sailings).where(eq(sailings.id, sailingId));
  if (!sailing) return undefined;
  // Every ticket of this sailing that was ever given a pass: its status now says whether the pass still holds.
  const passed = await db
    .select({
      ticketNumber: tickets.ticketNumber,
      status: tickets.status,
      fullName: bookingPassengers.fullName,
    })
    .from(bookingLegs)
    .innerJoin(bookings, legBooking)
    .innerJoin(tickets, legTickets)
    .innerJoin(bookingPassengers, ticketPassenger)
    .where(
      and(
        eq(bookingLegs.sailingId, sailingId),
        eq(bookings.status, 'paid'),
        isNotNull(tickets.checkedInAt),
        inArray(tickets.status, ['checked_in', 'boarded', 'cancelled', 'rescheduled']),
      ),
    )
    .orderBy(tickets.ticketNumber);
  const superseded = await db
    .select({
      ticketNumber: supersededBoardingPasses.ticketNumber,
      departure: supersededBoardingPasses.departure,
    })
    .from(supersededBoardingPasses)
    .where(
      inArray(
        supersededBoardingPasses.ticketNumber,
        passed.map((row) => row.ticketNumber),
      ),
    );
  const cancelled = sailing.status === 'cancelled';
  const travelling = passed.filter((row) => row.status === 'checked_in' || row.status === 'boarded');
  return {
    id: sailing.id,
    routeId: sailing.routeId,
    operatorCode: sailing.operatorCode,
    departsAt: sailing.departsAt,
    cancelled,
    manifest: cancelled
      ? []
      : travelling.map((row) => ({
          ticketNumber: row.ticketNumber,
          initials: passengerInitials(row.fullName),
          boarded: row.status === 'boarded',
        })),
    revoked: [
      ...passed.flatMap((row): GateSailingData['revoked'] => {
        if (row.status === 'cancelled' || row.status === 'rescheduled')
          return [{ ticketNumber: row.ticketNumber, reason: row.status }];
        return cancelled ? [{ ticketNumber: row.ticketNumber, reason: 'sailing-cancelled' as const }] : [];
      }),
      ...superseded.map((row) => ({
        ticketNumber: row.ticketNumber,
        reason: 'delayed' as const,
        departure: row.departure,
      })),
    ],
  };
}

/** The sailings leaving within [from, to): what a gate device picks the one it boards from. */
export function gateSailingsBetween(db: Database, from: Date, to: Date) {
  return db
    .select(sailingColumns)
    .from(sailings)
    .where(and(gte(sailings.departsAt, from), lt(sailings.departsAt, to)))
    .orderBy(sailings.departsAt);
}
