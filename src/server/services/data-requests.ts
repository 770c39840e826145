import { asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { dataRequestStateOf, type DataRequestState } from '../../domain/data-requests.ts';
import type { Database } from '../db/client.ts';
import { dataRequests } from '../db/schema/data-requests.ts';

export type DataRequestRow = typeof dataRequests.$inferSelect & { state: DataRequestState };

/** The requests to answer, the soonest due first, then the latest answered (the console's data requests). */
export async function dataRequestListing(db: Database, now: Date): Promise<DataRequestRow[]> {
  const [open, answered] = await Promise.all([
    db.select().from(dataRequests).where(isNull(dataRequests.outcome)).orderBy(asc(dataRequests.dueAt)),
    db
      .select()
      .from(dataRequests)
      .where(sql`${dataRequests.outcome} is not null`)
      .orderBy(desc(dataRequests.answeredAt))
      .limit(50),
  ]);
  return [...open, ...answered].map((row) => ({ ...row, state: dataRequestStateOf(row, now) }));
}

export async function dataRequestOf(
  db: Database,
  id: string,
  now: Date,
): Promise<DataRequestRow | undefined> {
  const [row] = await db.select().from(dataRequests).where(eq(dataRequests.id, id));
  return row && { ...row, state: dataRequestStateOf(row, now) };
}
