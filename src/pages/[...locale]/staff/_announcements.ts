import { agencyTime, agencyWallClock } from '../../../domain/agency.ts';
import { plainText } from '../../../domain/announcements.ts';
import { formatPortTime } from '../../../i18n/format.ts';
import { localizePath, type Locale } from '../../../i18n/locales.ts';
import { messagesFor, translate, type MessageKey } from '../../../i18n/translate.ts';
import type { AnnouncementDraftInput } from '../../../schemas/announcement.ts';
import type { AnnouncementEditorProps } from '../../../islands/announcement-editor/AnnouncementEditor.tsx';
import { submitForm, type FormRefusal } from '../../../server/http/form-post.ts';
import type { AnyUseCase } from '../../../server/use-cases/use-case.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import type { Network } from '../../../server/network.ts';
import {
  announcementListing,
  announcementOf,
  hasUnpublishedChanges,
  stateOf,
} from '../../../server/services/announcements.ts';
import { announcementAddress } from '../../../server/use-cases/addresses.ts';
import { routeNames } from '../../../server/views/staff-booking.ts';
import { announcementPublish } from '../../../server/use-cases/announcement-publish.ts';
import { announcementCreate, announcementSave } from '../../../server/use-cases/announcement-save.ts';
import { announcementWithdraw } from '../../../server/use-cases/announcement-withdraw.ts';
import { consoleEntry } from './_console.ts';

/** The words of the editor island (islands/announcement-editor). */
const editorKeys = [
  'announcement_field_placement',
  'announcement_placement_everywhere',
  'announcement_placement_home',
  'announcement_placement_route',
  'announcement_field_route',
  'announcement_field_level',
  'announcement_level_info',
  'announcement_level_warning',
  'announcement_field_starts',
  'announcement_field_ends',
  'announcement_time_hint',
  'announcement_field_text_en',
  'announcement_field_text_id',
  'announcement_save',
  'announcement_saving',
  'announcement_saved_now',
  'announcement_not_saved',
  'announcement_offline',
  'announcement_publish',
  'announcement_toolbar',
  'announcement_tool_heading',
  'announcement_tool_subheading',
  'announcement_tool_bold',
  'announcement_tool_italic',
  'announcement_tool_bullets',
  'announcement_tool_numbers',
  'announcement_tool_link',
  'announcement_tool_link_prompt',
] as const satisfies readonly MessageKey[];

/** Every route, by its name in the reader's language, for the editor's route list. */
const routeChoices = (network: Network, locale: Locale) =>
  [...routeNames(network, locale)].map(([id, name]) => ({ id, name }));

/** `/staff/announcements`: every announcement with where it stands, and "New announcement". */
export async function serveAnnouncementList(astro: PageAstro) {
  const { locale, deps } = astro.locals;
  const entry = await consoleEntry(astro, 'admin');
  if (entry instanceof Response || !entry.allowed) return entry;
  const { bar, db } = entry;
  const now = deps.clock();
  const rows = await announcementListing(db, now);
  return {
    allowed: true as const,
    bar,
    rows: rows.map((row) => ({
      id: row.id,
      state: row.state,
      when: `${formatPortTime(agencyTime(row.startsAt), locale)} – ${formatPortTime(agencyTime(row.endsAt), locale)}`,
      excerpt: plainText(locale === 'id' ? row.htmlId : row.htmlEn).slice(0, 140),
    })),
  };
}

/**
 * `/staff/announcements/{id}` (`new` for a new one): the editor, and Publish (`?publish`) and Withdraw
 * (`?withdraw`), whose forms post here. A plain post of the draft saves it (or creates it, on `new`).
 */
export async function serveAnnouncementEditor(astro: PageAstro, id: string) {
  const { locale, deps } = astro.locals;
  const entry = await consoleEntry(astro, 'admin');
  if (entry instanceof Response || !entry.allowed) return entry;
  const { page, bar, db } = entry;
  const isNew = id === 'new';
  if (!isNew && !wellFormed(id)) {
    astro.response.status = 404;
    return { allowed: true as const, found: false as const, bar };
  }
  const query = astro.url.searchParams;
  const useCase: AnyUseCase = isNew
    ? announcementCreate
    : query.has('publish')
      ? announcementPublish
      : query.has('withdraw')
        ? announcementWithdraw
        : announcementSave;
  const posted = await submitForm(page.form, useCase, isNew ? {} : { params: { id } });
  if (posted instanceof Response) return posted;
  if (posted) astro.response.status = posted.status;
  const row = isNew ? undefined : await announcementOf(db, id);
  if (!isNew && !row) {
    astro.response.status = 404;
    return { allowed: true as const, found: false as const, bar };
  }
  const now = deps.clock();
  const values: AnnouncementDraftInput = row
    ? {
        placement: row.placement,
        routeId: row.routeId ?? undefined,
        level: row.level,
        startsAt: agencyWallClock(row.startsAt),
        endsAt: agencyWallClock(row.endsAt),
        textEn: row.htmlEn,
        textId: row.htmlId,
      }
    : {
        placement: 'everywhere',
        level: 'info',
        startsAt: agencyWallClock(now),
        endsAt: agencyWallClock(new Date(now.getTime() + 86_400_000)),
        textEn: '',
        textId: '',
      };
  const editor: AnnouncementEditorProps = {
    locale,
    id: row?.id,
    listPath: localizePath('/staff/announcements', locale),
    csrf: page.csrf,
    values: posted ? { ...values, ...postedDraft(posted) } : values,
    errors: posted?.errors ?? {},
    routes: routeChoices(deps.network, locale),
    messages: messagesFor(editorKeys, locale),
  };
  return {
    allowed: true as const,
    found: true as const,
    bar,
    editor,
    state: row ? stateOf(row, now) : ('draft' as const),
    published: Boolean(row?.published),
    changed: row ? hasUnpublishedChanges(row) : false,
    notice: noticeOf(query, locale),
    formErrors: [...(posted?.errors.announcement ?? []), ...(posted?.errors.form ?? [])],
    notPublished: Boolean(posted && query.has('publish')),
  };
}

/** What the last post did, said once on the page it led to (`?published`). */
function noticeOf(query: URLSearchParams, locale: Locale): string | undefined {
  const done = (['saved', 'published', 'withdrawn'] as const).find((key) => query.has(key));
  return done && translate(`announcement_${done}_notice`, locale);
}

/** Whether an id has the shape of one (anything else is not found, before any query). */
function wellFormed(id: string): boolean {
  try {
    announcementAddress({ id });
    return true;
  } catch {
    return false;
  }
}

/** What a refused plain post sent, to show again (nothing typed is lost). */
function postedDraft(posted: FormRefusal): Partial<AnnouncementDraftInput> {
  const draft: Record<string, string> = {};
  for (const field of ['placement', 'routeId', 'level', 'startsAt', 'endsAt', 'textEn', 'textId']) {
    const value = posted.form.get(field);
    if (value !== null) draft[field] = value;
  }
  return draft;
}
