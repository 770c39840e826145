import { isNotNull, sql } from 'drizzle-orm';
import { bookingWindow, windowDates } from '../../domain/booking-window.ts';
import { fromLocal, isoWeekday, toLocal } from '../../domain/port-time.ts';
import type { NetworkData } from '../network-data.ts';
import type { Database } from './client.ts';
import {
  fares,
  operators,
  paymentChannels,
  routes,
  sailings,
  terminalCharges,
  terminals,
  timetableEntries,
} from './schema/network.ts';

const BATCH = 500;

/** Reference data: inserted, or updated to match the content files. Bookings keep their own priced snapshot. */
export async function upsertNetwork(db: Database, data: NetworkData): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(terminals)
      .values(data.terminals.map((t) => ({ code: t.id, country: t.country, timeZone: t.timeZone })))
      .onConflictDoUpdate({
        target: terminals.code,
        set: { country: sql`excluded.country`, timeZone: sql`excluded.time_zone` },
      });
    await tx
      .insert(operators)
      .values(data.operators.map((o) => ({ code: o.id, name: o.name })))
      .onConflictDoUpdate({ target: operators.code, set: { name: sql`excluded.name` } });
    await tx
      .insert(routes)
      .values(data.routes.map((r) => ({ id: r.id, fromTerminal: r.from, toTerminal: r.to })))
      .onConflictDoNothing();
    await tx
      .insert(timetableEntries)
      .values(
        data.timetables.flatMap((entry) =>
          entry.departures.map((time) => ({
            id: `${entry.id}@${time}`,
            routeId: entry.route,
            operatorCode: entry.operator,
            departureLocal: time,
            days: entry.days,
            durationMinutes: entry.durationMinutes,
            capacity: entry.capacity,
          })),
        ),
      )
      .onConflictDoUpdate({
        target: timetableEntries.id,
        set: {
          days: sql`excluded.days`,
          durationMinutes: sql`excluded.duration_minutes`,
          capacity: sql`excluded.capacity`,
        },
      });
    await tx
      .insert(fares)
      .values(
        data.fares.map((f) => ({
          routeId: f.route,
          operatorCode: f.operator,
          adult: f.adult,
          child: f.child,
          infant: f.infant,
        })),
      )
      .onConflictDoUpdate({
        target: [fares.routeId, fares.operatorCode],
        set: { adult: sql`excluded.adult`, child: sql`excluded.child`, infant: sql`excluded.infant` },
      });
    await tx
      .insert(terminalCharges)
      .values(
        data.terminals.flatMap((t) => [
          { terminalCode: t.id, kind: 'terminal_fee' as const, ...t.terminalFee },
          { terminalCode: t.id, kind: 'surcharge' as const, ...t.surcharge },
        ]),
      )
      .onConflictDoUpdate({
        target: [terminalCharges.terminalCode, terminalCharges.kind],
        set: { adult: sql`excluded.adult`, child: sql`excluded.child`, infant: sql`excluded.infant` },
      });
    await tx
      .insert(paymentChannels)
      .values(
        data.paymentChannels.map((c) => ({ code: c.id, name: c.name, transactionFee: c.transactionFee })),
      )
      .onConflictDoUpdate({
        target: paymentChannels.code,
        set: { name: sql`excluded.name`, transactionFee: sql`excluded.transaction_fee` },
      });
  });
}

/** The dated sailings a timetable gives from the departure terminal's local `today` for `horizonDays` days. */
export function plannedSailings(data: NetworkData, now: Date, horizonDays: number) {
  const zoneOf = new Map(data.terminals.map((t) => [t.id, t.timeZone]));
  const routeOf = new Map(data.routes.map((r) => [r.id, r]));
  return data.timetables.flatMap((entry) => {
    const route = routeOf.get(entry.route);
    const zone = route ? zoneOf.get(route.from) : undefined;
    if (!route || !zone) return [];
    const today = toLocal(now, zone).date;
    return windowDates(bookingWindow(today, horizonDays))
      .filter((date) => entry.days.includes(isoWeekday(date)))
      .flatMap((date) =>
        entry.departures.map((time) => {
          const departsAt = fromLocal({ date, time }, zone);
          return {
            routeId: entry.route,
            operatorCode: entry.operator,
            timetableEntryId: `${entry.id}@${time}`,
            departsAt,
            arrivesAt: new Date(departsAt.getTime() + entry.durationMinutes * 60_000),
            capacity: entry.capacity,
          };
        }),
      );
  });
}

/** Creates the missing sailings of the rolling horizon. Idempotent: a second run adds nothing. */
export function extendSailings(
  db: Database,
  data: NetworkData,
  now: Date,
  horizonDays: number,
): Promise<number> {
  return insertSailings(db, plannedSailings(data, now, horizonDays));
}

/**
 * Inserts dated sailings, leaving alone any that exist already (another process may add the same), and any the
 * operator delayed: its first published departure is free in the unique index, but the sailing left it on purpose.
 */
export async function insertSailings(
  db: Database,
  timetable: ReturnType<typeof plannedSailings>,
): Promise<number> {
  const moved = await db
    .select({
      routeId: sailings.routeId,
      operatorCode: sailings.operatorCode,
      scheduledDepartsAt: sailings.scheduledDepartsAt,
    })
    .from(sailings)
    .where(isNotNull(sailings.scheduledDepartsAt));
  const slot = (routeId: string, operatorCode: string, at: Date | null) =>
    `${routeId} ${operatorCode} ${String(at?.getTime())}`;
  const delayedFrom = new Set(
    moved.map((row) => slot(row.routeId, row.operatorCode, row.scheduledDepartsAt)),
  );
  const planned = timetable.filter(
    (sailing) => !delayedFrom.has(slot(sailing.routeId, sailing.operatorCode, sailing.departsAt)),
  );
  let added = 0;
  for (let i = 0; i < planned.length; i += BATCH) {
    const inserted = await db
      .insert(sailings)
      .values(planned.slice(i, i + BATCH))
      .onConflictDoNothing({ target: [sailings.routeId, sailings.operatorCode, sailings.departsAt] })
      .returning({ id: sailings.id });
    added += inserted.length;
  }
  return added;
}
