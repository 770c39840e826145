import { Hono } from 'hono';
import type { PublishedAnnouncementsAnswer } from '../../../schemas/announcement.ts';
import { REVALIDATE } from '../cache-control.ts';
import type { AppDeps } from '../../deps.ts';
import { publishedAnnouncements } from '../../services/announcements.ts';

/**
 * The published announcements not yet ended (those still to start too), in both languages: what the server's entry
 * reads to insert them into pre-rendered pages (announcements/page-insert.ts), and what an app may show.
 */
export function announcementsRoutes(deps: AppDeps) {
  return new Hono().get('/announcements', async (c) => {
    const list = await publishedAnnouncements(await deps.database(), deps.clock());
    c.header('Cache-Control', REVALIDATE);
    const answer: PublishedAnnouncementsAnswer = {
      announcements: list.map((announcement) => ({
        ...announcement,
        startsAt: announcement.startsAt.toISOString(),
        endsAt: announcement.endsAt.toISOString(),
      })),
    };
    return c.json(answer);
  });
}
