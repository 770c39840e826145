import { desc, eq, isNotNull } from 'drizzle-orm';
import { announcementState, type LiveAnnouncement } from '../../domain/announcements.ts';
import type { Database } from '../db/client.ts';
import { announcements, type PublishedAnnouncement } from '../db/schema/announcements.ts';

export type AnnouncementRow = typeof announcements.$inferSelect;

function live(id: string, version: number, published: PublishedAnnouncement): LiveAnnouncement {
  return {
    id,
    version,
    placement: published.placement,
    routeId: published.routeId,
    level: published.level,
    startsAt: new Date(published.startsAt),
    endsAt: new Date(published.endsAt),
    html: published.html,
  };
}

/**
 * The published announcements that have not ended at `now`, those still to start included: a page's server picks
 * what is on at each request (domain/announcements.ts `announcementsFor`), so one starts and ends on time between
 * two reads of this list.
 */
export async function publishedAnnouncements(db: Database, now: Date): Promise<LiveAnnouncement[]> {
  const rows = await db
    .select({ id: announcements.id, version: announcements.version, published: announcements.published })
    .from(announcements)
    .where(isNotNull(announcements.published));
  return rows.flatMap((row) =>
    row.published && new Date(row.published.endsAt).getTime() > now.getTime()
      ? [live(row.id, row.version, row.published)]
      : [],
  );
}

/** The console's list: every announcement, the last changed first, with where it stands. */
export async function announcementListing(db: Database, now: Date) {
  const rows = await db.select().from(announcements).orderBy(desc(announcements.updatedAt)).limit(100);
  return rows.map((row) => ({ ...row, state: stateOf(row, now) }));
}

export async function announcementOf(db: Database, id: string): Promise<AnnouncementRow | undefined> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
  return row;
}

export function stateOf(row: Pick<AnnouncementRow, 'version' | 'published'>, now: Date) {
  const { published } = row;
  return announcementState(
    {
      version: row.version,
      published: published
        ? { startsAt: new Date(published.startsAt), endsAt: new Date(published.endsAt) }
        : null,
    },
    now,
  );
}

/** Whether the draft differs from what travellers see (the console then offers "Publish changes"). */
export function draftDiffers(row: AnnouncementRow): boolean {
  const { published } = row;
  if (!published) return true;
  return (
    published.placement !== row.placement ||
    published.routeId !== row.routeId ||
    published.level !== row.level ||
    new Date(published.startsAt).getTime() !== row.startsAt.getTime() ||
    new Date(published.endsAt).getTime() !== row.endsAt.getTime() ||
    published.html.en !== row.htmlEn ||
    published.html.id !== row.htmlId
  );
}
