import { max } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sailings } from '../db/schema/network.ts';
import { insertSailings, plannedSailings } from '../db/seed.ts';
import type { NetworkData } from '../network-data.ts';

/**
 * Keeps the timetable's dated sailings `horizonDays` ahead while the server runs: `npm run db:setup` makes them once,
 * and a server running longer than the horizon would otherwise run out of sailings to sell. It adds only the
 * sailings later than the newest one of their route and operator, so a run with nothing to add costs one grouped
 * query; several processes may run it at once (the insert skips what another one added). A timetable changed in the
 * content files is applied to the days already made by `db:setup`, which the deploy runs.
 */
export async function extendSailingHorizon(
  db: Database,
  data: NetworkData,
  now: Date,
  horizonDays: number,
): Promise<number> {
  const newest = await db
    .select({
      routeId: sailings.routeId,
      operatorCode: sailings.operatorCode,
      departsAt: max(sailings.departsAt),
    })
    .from(sailings)
    .groupBy(sailings.routeId, sailings.operatorCode);
  const madeUntil = new Map(newest.map((row) => [`${row.routeId} ${row.operatorCode}`, row.departsAt]));
  const missing = plannedSailings(data, now, horizonDays).filter((sailing) => {
    const until = madeUntil.get(`${sailing.routeId} ${sailing.operatorCode}`);
    return !until || sailing.departsAt > until;
  });
  return missing.length === 0 ? 0 : insertSailings(db, missing);
}
