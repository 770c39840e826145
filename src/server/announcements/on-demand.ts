import { announcementsFor, type AnnouncementPage } from '../../domain/announcements.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { AppDeps } from '../deps.ts';
import { publishedAnnouncements } from '../services/announcements.ts';
import { announcementBannerHtml } from './banner.ts';
import { AnnouncementFeed } from './feed.ts';

let feed: AnnouncementFeed | undefined;

/**
 * The announcements of a page rendered on demand (a booking's pages, the account's), as HTML: the same banner the
 * server's entry inserts into pre-rendered pages (page-insert.ts), from this process's feed of the database.
 */
export async function onDemandAnnouncements(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  page: AnnouncementPage,
  locale: Locale,
): Promise<string> {
  feed ??= new AnnouncementFeed(async () => publishedAnnouncements(await deps.database(), deps.clock()));
  return announcementBannerHtml(announcementsFor(await feed.current(), page, deps.clock()), locale);
}
