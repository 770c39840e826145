import { eq } from 'drizzle-orm';
import { ANNOUNCEMENT_MAX_HTML, ANNOUNCEMENT_MAX_TEXT, textLength } from '../../domain/announcements.ts';
import { agencyTime, fromAgencyTime } from '../../domain/agency.ts';
import { localizePath } from '../../i18n/locales.ts';
import { announcementDraftSchema, type AnnouncementDraftInput } from '../../schemas/announcement.ts';
import { sanitiseAnnouncementHtml } from '../announcements/sanitise.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { announcements } from '../db/schema/announcements.ts';
import { writeAudit } from '../services/audit.ts';
import { refuse } from '../validation-errors.ts';
import { announcementAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { staffOf } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

/** A `datetime-local` value read on Batam's clock; a day that does not exist (`2026-02-30`) is refused. */
function agencyInstant(field: 'startsAt' | 'endsAt', value: string): Date {
  const local = { date: value.slice(0, 10), time: value.slice(11, 16) };
  const instant = Number.isNaN(Date.parse(`${local.date}T${local.time}:00Z`))
    ? undefined
    : fromAgencyTime(local);
  const back = instant && agencyTime(instant);
  if (!instant || back?.date !== local.date || back.time !== local.time)
    throw refuse(field, 'announcement_error_time');
  return instant;
}

/** The draft as it is stored: times as instants, the route checked, the HTML sanitised. */
async function draftOf(ctx: Pick<UseCaseContext, 'network'>, input: AnnouncementDraftInput) {
  const startsAt = agencyInstant('startsAt', input.startsAt);
  const endsAt = agencyInstant('endsAt', input.endsAt);
  if (endsAt.getTime() <= startsAt.getTime()) throw refuse('endsAt', 'announcement_error_times');
  const routeId = input.placement === 'route' ? (input.routeId ?? '') : null;
  if (routeId !== null && !ctx.network.routeById(routeId))
    throw refuse('routeId', 'announcement_error_route');
  const [htmlEn, htmlId] = await Promise.all([
    sanitiseAnnouncementHtml(input.textEn),
    sanitiseAnnouncementHtml(input.textId),
  ]);
  for (const [field, html] of [
    ['textEn', htmlEn],
    ['textId', htmlId],
  ] as const) {
    if (textLength(html) > ANNOUNCEMENT_MAX_TEXT || html.length > ANNOUNCEMENT_MAX_HTML)
      throw refuse(field, 'announcement_error_too_long', {
        text: ANNOUNCEMENT_MAX_TEXT,
        html: ANNOUNCEMENT_MAX_HTML,
      });
  }
  return { placement: input.placement, routeId, level: input.level, startsAt, endsAt, htmlEn, htmlId };
}

type Draft = Awaited<ReturnType<typeof draftOf>>;

/** The draft's fields as the audit log keeps them (times as ISO strings, so before and after compare as text). */
function logged(draft: Draft) {
  return { ...draft, startsAt: draft.startsAt.toISOString(), endsAt: draft.endsAt.toISOString() };
}

/**
 * Saves an announcement's draft (admin): a new one without `id`, else the one named. Travellers see nothing of it
 * until it is published (announcement-publish.ts). A save that changes nothing writes nothing, so the editor's
 * saves as an admin types leave one audit row per change, not per keystroke pause.
 */
async function saveDraft(
  ctx: UseCaseContext,
  input: AnnouncementDraftInput & { id?: string },
): Promise<{ id: string; savedAt: Date }> {
  const admin = staffOf(ctx, 'admin');
  const draft = await draftOf(ctx, input);
  const now = ctx.clock();
  return lockingTransaction(ctx.db, async (tx) => {
    if (!input.id) {
      const [created] = await tx
        .insert(announcements)
        .values({ ...draft, createdBy: admin.staffId, createdAt: now, updatedAt: now })
        .returning({ id: announcements.id });
      if (!created) throw new Error('announcement insert returned no row');
      await writeAudit(tx, {
        by: ctx.actor,
        action: 'announcement.saved',
        subject: { type: 'announcement', id: created.id },
        after: logged(draft),
        at: now,
      });
      return { id: created.id, savedAt: now };
    }
    const [row] = await tx.select().from(announcements).where(eq(announcements.id, input.id)).for('update');
    if (!row) throw refuse('announcement', 'announcement_error_not_found');
    const before = logged({
      placement: row.placement,
      routeId: row.routeId,
      level: row.level,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      htmlEn: row.htmlEn,
      htmlId: row.htmlId,
    });
    const after = logged(draft);
    if (JSON.stringify(before) === JSON.stringify(after)) return { id: row.id, savedAt: row.updatedAt };
    await tx
      .update(announcements)
      .set({ ...draft, updatedAt: now })
      .where(eq(announcements.id, row.id));
    await writeAudit(tx, {
      by: ctx.actor,
      action: 'announcement.saved',
      subject: { type: 'announcement', id: row.id },
      before,
      after,
      at: now,
    });
    return { id: row.id, savedAt: now };
  });
}

const answer = (saved: { id: string; savedAt: Date }) => ({
  id: saved.id,
  savedAt: saved.savedAt.toISOString(),
});
const editorPage = (id: string, locale: UseCaseContext['locale']) =>
  `${localizePath(`/staff/announcements/${id}`, locale)}?saved`;

/** Use case: an admin starts an announcement (the editor's first save, or the plain form's). */
export const announcementCreate = defineUseCase({
  name: 'announcement-create',
  input: announcementDraftSchema,
  run: (ctx, input) => saveDraft(ctx, input),
  route: { method: 'POST', path: '/staff/announcements', caller: 'staff', status: 201, answer },
  form: { next: (saved, ctx) => editorPage(saved.id, ctx.locale) },
  refusals: [401, 403, 422],
});

/** Use case: an admin saves an announcement's draft (300 ms after the last change in the editor, or its form). */
export const announcementSave = defineUseCase({
  name: 'announcement-save',
  input: announcementDraftSchema,
  address: announcementAddress,
  run: saveDraft,
  route: { method: 'PUT', path: '/staff/announcements/:id', caller: 'staff', answer },
  form: { next: (saved, ctx) => editorPage(saved.id, ctx.locale) },
  refusals: [401, 403, 404, 422],
});
