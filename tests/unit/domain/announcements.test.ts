import { describe, expect, it } from 'vitest';
import {
  announcementMarker,
  announcementsFor,
  announcementState,
  draftProblems,
  findAnnouncementMarker,
  plainText,
  textLength,
  hasText,
  publishProblems,
  type LiveAnnouncement,
} from '../../../src/domain/announcements.ts';

const at = (iso: string) => new Date(iso);
const announcement = (over: Partial<LiveAnnouncement>): LiveAnnouncement => ({
  id: 'a',
  version: 1,
  placement: 'everywhere',
  routeId: null,
  level: 'info',
  startsAt: at('2026-12-24T00:00:00Z'),
  endsAt: at('2026-12-25T00:00:00Z'),
  html: { en: '<p>Hello</p>', id: '<p>Halo</p>' },
  ...over,
});

describe('which announcements a page shows', () => {
  const list = [
    announcement({ id: 'home', placement: 'home' }),
    announcement({ id: 'route', placement: 'route', routeId: 'btc-hfc' }),
    announcement({ id: 'all', placement: 'everywhere', startsAt: at('2026-12-24T06:00:00Z') }),
  ];
  const noon = at('2026-12-24T12:00:00Z');

  it('places each on its pages only', () => {
    const ids = (page: Parameters<typeof announcementsFor>[1]) =>
      announcementsFor(list, page, noon).map((a) => a.id);
    expect(ids({ kind: 'home' })).toEqual(['all']); // the latest to start of the two on the home page
    expect(announcementsFor(list.slice(0, 2), { kind: 'home' }, noon).map((a) => a.id)).toEqual(['home']);
    expect(ids({ kind: 'route', routeId: 'btc-hfc' })).toEqual(['all']);
    expect(
      announcementsFor(list.slice(0, 2), { kind: 'route', routeId: 'btc-hfc' }, noon).map((a) => a.id),
    ).toEqual(['route']);
    expect(announcementsFor(list, { kind: 'route', routeId: 'hfc-btc' }, noon).map((a) => a.id)).toEqual([
      'all',
    ]);
    expect(announcementsFor(list, { kind: 'other' }, noon).map((a) => a.id)).toEqual(['all']);
  });

  it('shows one from its start, up to its end and not at it', () => {
    const one = [announcement({})];
    expect(announcementsFor(one, { kind: 'other' }, at('2026-12-23T23:59:59Z'))).toEqual([]);
    expect(announcementsFor(one, { kind: 'other' }, at('2026-12-24T00:00:00Z'))).toHaveLength(1);
    expect(announcementsFor(one, { kind: 'other' }, at('2026-12-24T23:59:59Z'))).toHaveLength(1);
    expect(announcementsFor(one, { kind: 'other' }, at('2026-12-25T00:00:00Z'))).toEqual([]);
  });

  it('shows the most important one: a warning, else the latest to start', () => {
    const many = [
      announcement({ id: 'old-info' }),
      announcement({ id: 'new-info', startsAt: at('2026-12-24T10:00:00Z') }),
      announcement({ id: 'warning', level: 'warning' }),
    ];
    expect(announcementsFor(many, { kind: 'home' }, at('2026-12-24T12:00:00Z')).map((a) => a.id)).toEqual([
      'warning',
    ]);
    expect(
      announcementsFor(many.slice(0, 2), { kind: 'home' }, at('2026-12-24T12:00:00Z')).map((a) => a.id),
    ).toEqual(['new-info']);
  });
});

describe("a pre-rendered page's marker", () => {
  it('names the page, and is found again in its HTML', () => {
    for (const page of [
      { kind: 'home' },
      { kind: 'other' },
      { kind: 'route', routeId: 'btc-hfc' },
    ] as const) {
      const html = `<main>${announcementMarker(page)}<h1>x</h1></main>`;
      expect(findAnnouncementMarker(html)).toEqual({ marker: announcementMarker(page), page });
    }
    expect(findAnnouncementMarker('<main><!-- announcements --></main>')).toBeUndefined();
    expect(findAnnouncementMarker('<!--announcements:route:../../x-->')).toBeUndefined();
  });
});

describe('publishing', () => {
  const now = at('2026-12-24T00:00:00Z');
  const ready = {
    html: { en: '<p>Hi</p>', id: '<p>Halo</p>' },
    startsAt: now,
    endsAt: at('2026-12-25T00:00:00Z'),
  };

  it('asks for both texts and an end still to come', () => {
    expect(publishProblems(ready, now)).toEqual([]);
    expect(publishProblems({ ...ready, html: { en: '<p></p>', id: ' ' } }, now)).toEqual([
      { field: 'textEn', key: 'announcement_error_text_en' },
      { field: 'textId', key: 'announcement_error_text_id' },
    ]);
    expect(publishProblems({ ...ready, endsAt: now }, now)).toEqual([
      { field: 'endsAt', key: 'announcement_error_ended' },
    ]);
  });

  it('keeps a draft short, and its end after its start', () => {
    expect(draftProblems(ready)).toEqual([]);
    expect(draftProblems({ ...ready, endsAt: ready.startsAt })).toEqual([
      { field: 'endsAt', key: 'announcement_error_times' },
    ]);
    expect(
      draftProblems({
        ...ready,
        html: { en: `<p>${'a'.repeat(301)}</p>`, id: `<p>${'<b>a</b>'.repeat(80)}</p>` },
      }),
    ).toEqual([
      { field: 'textEn', key: 'announcement_error_too_long' },
      { field: 'textId', key: 'announcement_error_too_long' },
    ]);
    expect(textLength('<p>a &amp; b</p>')).toBe(5);
    expect(plainText('<p>Tom &amp; Jerry</p><p>ok</p>')).toBe('Tom & Jerry ok');
  });

  it('counts only words as text', () => {
    expect(hasText('<p><br></p>')).toBe(false);
    expect(hasText('<p>&nbsp;</p>')).toBe(false);
    expect(hasText('<ul><li>Ya</li></ul>')).toBe(true);
  });

  it('says where one stands', () => {
    const published = { startsAt: at('2026-12-24T00:00:00Z'), endsAt: at('2026-12-25T00:00:00Z') };
    expect(announcementState({ version: 0, published: null }, now)).toBe('draft');
    expect(announcementState({ version: 2, published: null }, now)).toBe('withdrawn');
    expect(announcementState({ version: 1, published }, at('2026-12-23T00:00:00Z'))).toBe('scheduled');
    expect(announcementState({ version: 1, published }, now)).toBe('live');
    expect(announcementState({ version: 1, published }, at('2026-12-25T00:00:00Z'))).toBe('ended');
  });
});
