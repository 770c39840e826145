import { desc, eq, gt } from 'drizzle-orm';
import { announcementState, draftDiffers, type LiveAnnouncement } from '../../domain/announcements.ts';
import { draftOfRow, type AnnouncementRow } from '../announcements/draft.ts';
import type { Database } from '../db/client.ts';
import { announcements, type PublishedAnnouncement } from '../db/schema/announcements.ts';

/** A published copy as the pages use it. */
function liveCopy(published: PublishedAnnouncement): Omit<LiveAnnouncement, 'id' | 'version'> {
  return { ...published, startsAt: new Date(published.startsAt), endsAt: new Date(published.endsAt) };
}

/**
 * The published announcements that have not ended at `now`, those still to start included (by the index on the
 * published end): a page's server picks what is on at each request (domain/announcements.ts `announcementsFor`),
 * so one starts and ends on time between two reads of this list.
 */
export async function publishedAnnouncements(db: Database, now: Date): Promise<LiveAnnouncement[]> {
  const rows = await db
    .select({ id: announcements.id, version: announcements.version, published: announcements.published })
    .from(announcements)
    .where(gt(announcements.publishedEndsAt, now));
  return rows.flatMap((row) =>
    row.published ? [{ id: row.id, version: row.version, ...liveCopy(row.published) }] : [],
  );
}

/** The console's list: the last 100 announcements changed, with where each stands. */
export async function announcementListing(db: Database, now: Date) {
  const rows = await db.select().from(announcements).orderBy(desc(announcements.updatedAt)).limit(100);
  return rows.map((row) => ({ ...row, state: stateOf(row, now) }));
}

export async function announcementOf(db: Database, id: string): Promise<AnnouncementRow | undefined> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
  return row;
}

/** Where a stored announcement stands (domain/announcements.ts `announcementState`). */
export function stateOf(row: Pick<AnnouncementRow, 'version' | 'published'>, now: Date) {
  return announcementState(
    { version: row.version, published: row.published && liveCopy(row.published) },
    now,
  );
}

/** Whether its draft has changes travellers do not see yet. */
export function hasUnpublishedChanges(row: AnnouncementRow): boolean {
  return draftDiffers(draftOfRow(row), row.published && liveCopy(row.published));
}
