import * as z from 'zod/mini';
import {
  ANNOUNCEMENT_MAX_HTML,
  announcementLevels,
  announcementPlacements,
} from '../domain/announcements.ts';

/** A wall-clock time in Batam as a `datetime-local` field sends it: `2026-12-24T18:00`. */
const agencyWallClock = z
  .string({ error: 'announcement_error_time' })
  .check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'announcement_error_time'));

/**
 * One language's text as the editor sends it (HTML, sanitised by the server before it is stored, and measured then:
 * pasted markup the sanitiser removes does not count).
 */
const text = z
  .string({ error: 'error_invalid_value' })
  .check(z.maxLength(ANNOUNCEMENT_MAX_HTML * 4, 'announcement_error_far_too_long'));

/**
 * An announcement's draft as the console's editor saves it (300 ms after the last change) and its plain form posts
 * it: where, how loud, from when to when (Batam time, WIB), and its text in each language. A draft may be empty;
 * Publish asks for both texts (domain/announcements.ts `publishProblems`).
 */
export const announcementDraftSchema = z.object({
  placement: z.enum(announcementPlacements, { error: 'error_invalid_value' }),
  /** The route's id (`btc-hfc`) when the placement is `route`; ignored otherwise. */
  routeId: z.optional(
    z.string({ error: 'error_invalid_value' }).check(z.trim(), z.maxLength(40, 'error_invalid_value')),
  ),
  level: z.enum(announcementLevels, { error: 'error_invalid_value' }),
  startsAt: agencyWallClock,
  endsAt: agencyWallClock,
  textEn: z._default(text, ''),
  textId: z._default(text, ''),
});
export type AnnouncementDraftInput = z.infer<typeof announcementDraftSchema>;

/** `GET /api/announcements`: the published announcements not yet ended, in both languages. */
export const publishedAnnouncementsSchema = z.object({
  announcements: z.array(
    z.object({
      id: z.string(),
      version: z.number(),
      placement: z.enum(announcementPlacements),
      routeId: z.nullable(z.string()),
      level: z.enum(announcementLevels),
      startsAt: z.string(),
      endsAt: z.string(),
      html: z.object({ en: z.string(), id: z.string() }),
    }),
  ),
});
export type PublishedAnnouncementsAnswer = z.infer<typeof publishedAnnouncementsSchema>;
