/**
 * The agency's announcements to travellers (bad weather, a port closure, a new timetable): where one shows, when,
 * and which of several live ones a page shows. Pure: the server stores them (server/services/announcements.ts) and
 * inserts the live ones into pages as they are served (server/announcements/page-insert.ts).
 */

/** Where an announcement shows: the home page, one route's guide page, or every page of the site. */
export const announcementPlacements = ['home', 'route', 'everywhere'] as const;
export type AnnouncementPlacement = (typeof announcementPlacements)[number];

/** How it looks: news (info), or something that changes a traveller's plans (warning). */
export const announcementLevels = ['info', 'warning'] as const;
export type AnnouncementLevel = (typeof announcementLevels)[number];

/**
 * The most a page shows at once: the most important (warnings first, then the latest). One notice of the longest
 * allowed is what a content page can carry and still fit its first round trip (tests/perf/content-pages.spec.ts);
 * a second would not fit, and would push the page itself below the fold of a phone.
 */
export const MAX_ANNOUNCEMENTS_SHOWN = 1;
/**
 * The longest text of one language: a notice, not an article (a link leads to the details). What a pre-rendered
 * page can carry and still fit the first round trip (tests/perf/content-pages.spec.ts measures the longest).
 */
export const ANNOUNCEMENT_MAX_TEXT = 300;
/** The longest HTML of one language, its markup included (links' addresses, headings, lists). */
export const ANNOUNCEMENT_MAX_HTML = 520;

/** An announcement as published: what a page shows, frozen at the moment an admin pressed Publish. */
export interface LiveAnnouncement {
  id: string;
  /** Grows by one at each publication: a cached page with an older version is stale. */
  version: number;
  placement: AnnouncementPlacement;
  /** The route's id (`btc-hfc`) when the placement is `route`. */
  routeId: string | null;
  level: AnnouncementLevel;
  startsAt: Date;
  endsAt: Date;
  /** Sanitised HTML of each language. */
  html: { en: string; id: string };
}

/** Which page is asking: the home page, a route's guide page, or any other. */
export type AnnouncementPage = { kind: 'home' } | { kind: 'route'; routeId: string } | { kind: 'other' };

/** Whether an announcement is on at `now`: from its start, up to (not at) its end. */
export function isOn(announcement: Pick<LiveAnnouncement, 'startsAt' | 'endsAt'>, now: Date): boolean {
  return announcement.startsAt.getTime() <= now.getTime() && now.getTime() < announcement.endsAt.getTime();
}

function placedOn(announcement: LiveAnnouncement, page: AnnouncementPage): boolean {
  switch (announcement.placement) {
    case 'everywhere':
      return true;
    case 'home':
      return page.kind === 'home';
    case 'route':
      return page.kind === 'route' && page.routeId === announcement.routeId;
  }
}

/**
 * What a page shows at `now`: the announcements on and placed on it, warnings first, then the latest to start, at
 * most MAX_ANNOUNCEMENTS_SHOWN.
 */
export function announcementsFor(
  published: readonly LiveAnnouncement[],
  page: AnnouncementPage,
  now: Date,
): LiveAnnouncement[] {
  return published
    .filter((announcement) => isOn(announcement, now) && placedOn(announcement, page))
    .sort(
      (a, b) =>
        Number(b.level === 'warning') - Number(a.level === 'warning') ||
        b.startsAt.getTime() - a.startsAt.getTime() ||
        a.id.localeCompare(b.id),
    )
    .slice(0, MAX_ANNOUNCEMENTS_SHOWN);
}

/**
 * The marker a pre-rendered page carries where its announcements go (layouts/DefaultLayout.astro), naming the page:
 * `<!--announcements:home-->`, `<!--announcements:route:btc-hfc-->`, `<!--announcements:other-->`.
 */
export function announcementMarker(page: AnnouncementPage): string {
  return `<!--announcements:${page.kind === 'route' ? `route:${page.routeId}` : page.kind}-->`;
}

const MARKER = /<!--announcements:(home|other|route:([a-z0-9-]{1,40}))-->/;

/** The marker in a page's HTML and the page it names, or undefined when the page has none. */
export function findAnnouncementMarker(html: string): { marker: string; page: AnnouncementPage } | undefined {
  const found = MARKER.exec(html);
  if (!found) return undefined;
  const [marker, kind, routeId] = found;
  const page: AnnouncementPage =
    kind === 'home'
      ? { kind: 'home' }
      : kind === 'other'
        ? { kind: 'other' }
        : { kind: 'route', routeId: routeId ?? '' };
  return { marker, page };
}

/** A refusal of a draft: the field it is about and its message key. */
export interface DraftProblem {
  field: 'textEn' | 'textId' | 'startsAt' | 'endsAt';
  key:
    | 'announcement_error_text_en'
    | 'announcement_error_text_id'
    | 'announcement_error_ended'
    | 'announcement_error_times'
    | 'announcement_error_too_long';
}

/** What a draft may not be, published or not: an end before its start, a text over the limits. */
export function draftProblems(draft: {
  html: { en: string; id: string };
  startsAt: Date;
  endsAt: Date;
}): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (draft.endsAt.getTime() <= draft.startsAt.getTime())
    problems.push({ field: 'endsAt', key: 'announcement_error_times' });
  for (const [field, html] of [
    ['textEn', draft.html.en],
    ['textId', draft.html.id],
  ] as const)
    if (textLength(html) > ANNOUNCEMENT_MAX_TEXT || htmlLength(html) > ANNOUNCEMENT_MAX_HTML)
      problems.push({ field, key: 'announcement_error_too_long' });
  return problems;
}

/** Why a draft cannot be published as it is at `now` (both texts, an end still to come); none when it can. */
export function publishProblems(
  draft: { html: { en: string; id: string }; startsAt: Date; endsAt: Date },
  now: Date,
): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (!hasText(draft.html.en)) problems.push({ field: 'textEn', key: 'announcement_error_text_en' });
  if (!hasText(draft.html.id)) problems.push({ field: 'textId', key: 'announcement_error_text_id' });
  if (draft.endsAt.getTime() <= now.getTime())
    problems.push({ field: 'endsAt', key: 'announcement_error_ended' });
  return problems;
}

/** Whether HTML holds any words (an empty editor gives `<p></p>`). */
export function hasText(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '').length > 0;
}

/** The words a reader sees in HTML, markup removed and the usual entities read: for a list's excerpt. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What the server adds to a link off the site (server/announcements/sanitise.ts): not the admin's to count. */
export const OFF_SITE_LINK_REL = 'nofollow noopener noreferrer';

/** How long an announcement's HTML is as its author wrote it: without the `rel` the server adds to links. */
export function htmlLength(html: string): number {
  return html.replaceAll(` rel="${OFF_SITE_LINK_REL}"`, '').length;
}

/** How many characters a reader sees in HTML (each entity one, markup none). */
export function textLength(html: string): number {
  return html.replace(/<[^>]*>/g, '').replace(/&[a-z]+;|&#\d+;/gi, ' ').length;
}

/** Whether the draft differs from what travellers see (the console then says it has changes to publish). */
export function draftDiffers(
  draft: Omit<LiveAnnouncement, 'id' | 'version'>,
  published: Omit<LiveAnnouncement, 'id' | 'version'> | null,
): boolean {
  if (!published) return true;
  return (
    published.placement !== draft.placement ||
    published.routeId !== draft.routeId ||
    published.level !== draft.level ||
    published.startsAt.getTime() !== draft.startsAt.getTime() ||
    published.endsAt.getTime() !== draft.endsAt.getTime() ||
    published.html.en !== draft.html.en ||
    published.html.id !== draft.html.id
  );
}

/** Where an announcement stands, for the console's list. */
export type AnnouncementState = 'draft' | 'scheduled' | 'live' | 'ended' | 'withdrawn';

export function announcementState(
  row: { version: number; published: { startsAt: Date; endsAt: Date } | null },
  now: Date,
): AnnouncementState {
  if (!row.published) return row.version === 0 ? 'draft' : 'withdrawn';
  if (now.getTime() < row.published.startsAt.getTime()) return 'scheduled';
  return isOn(row.published, now) ? 'live' : 'ended';
}
