import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { announcementLevels, announcementPlacements } from '../../../domain/announcements.ts';
import { staffMembers } from './staff.ts';

/** What a page shows of a published announcement, frozen at its publication (domain/announcements.ts). */
export interface PublishedAnnouncement {
  placement: (typeof announcementPlacements)[number];
  routeId: string | null;
  level: (typeof announcementLevels)[number];
  startsAt: string;
  endsAt: string;
  html: { en: string; id: string };
}

/**
 * The agency's announcements. The columns are the draft, saved by the console's editor as an admin types; a page
 * shows only `published`, a copy of the draft made by Publish (each one a new `version`), so half-typed changes to a
 * live announcement never reach travellers. Withdraw clears `published`. HTML is sanitised before it is stored.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    placement: text('placement', { enum: announcementPlacements }).notNull(),
    /** The route's id (`btc-hfc`) for a route's page. */
    routeId: text('route_id'),
    level: text('level', { enum: announcementLevels }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    htmlEn: text('html_en').notNull().default(''),
    htmlId: text('html_id').notNull().default(''),
    published: jsonb('published').$type<PublishedAnnouncement>(),
    /** The published copy's end (null when none is published): what the pages' list is read by. */
    publishedEndsAt: timestamp('published_ends_at', { withTimezone: true }),
    /** Grows at each publication; 0 for one never published. */
    version: integer('version').notNull().default(0),
    createdBy: uuid('created_by').references(() => staffMembers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('announcements_published_idx')
      .on(t.publishedEndsAt)
      .where(sql`${t.publishedEndsAt} is not null`),
    check(
      'announcements_published_with_its_end',
      sql`(${t.published} is null) = (${t.publishedEndsAt} is null)`,
    ),
    check('announcements_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'announcements_route_when_placed_on_one',
      sql`(${t.placement} = 'route') = (${t.routeId} is not null)`,
    ),
  ],
);
