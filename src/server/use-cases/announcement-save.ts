import { localizePath } from '../../i18n/locales.ts';
import { announcementDraftSchema, type AnnouncementDraftInput } from '../../schemas/announcement.ts';
import { draftOf, writeDraft } from '../announcements/draft.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { announcementAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { staffOf } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

/**
 * Saves an announcement's draft (admin): a new one without `id`, else the one named. Travellers see nothing of it
 * until it is published (announcement-publish.ts); a save that changes nothing logs nothing (announcements/draft.ts).
 */
async function saveDraft(
  ctx: UseCaseContext,
  input: AnnouncementDraftInput & { id?: string },
): Promise<{ id: string; savedAt: Date }> {
  const { staffId } = staffOf(ctx, 'admin');
  const draft = await draftOf(ctx.network, input);
  const now = ctx.clock();
  const row = await lockingTransaction(ctx.db, (tx) =>
    writeDraft(tx, { kind: 'staff', staffId }, input.id, draft, now),
  );
  return { id: row.id, savedAt: row.updatedAt };
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
