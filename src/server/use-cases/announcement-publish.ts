import { eq } from 'drizzle-orm';
import { publishProblems } from '../../domain/announcements.ts';
import { localizePath } from '../../i18n/locales.ts';
import { announcementDraftSchema, type AnnouncementDraftInput } from '../../schemas/announcement.ts';
import { draftOf, draftOfRow, publishedCopy, refusedDraft, writeDraft } from '../announcements/draft.ts';
import { announcementsChanged } from '../announcements/feed.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { announcements } from '../db/schema/announcements.ts';
import { writeAudit } from '../services/audit.ts';
import { announcementAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { staffOf } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

/**
 * Publishes an announcement as the admin sees it (admin): the draft sent with Publish is saved, then copied into
 * what travellers see, as a new version, on every page it is placed on from its start to its end, without a rebuild
 * (announcements/page-insert.ts). The plain form's Publish thus never puts an older text live than the one on the
 * screen. Refused while a language has no text, or once its end has passed; then nothing is published, and the
 * draft stays as sent.
 */
async function publish(
  ctx: UseCaseContext,
  input: AnnouncementDraftInput & { id: string },
): Promise<{ version: number }> {
  const { staffId } = staffOf(ctx, 'admin');
  const draft = await draftOf(ctx.network, input);
  const now = ctx.clock();
  const by = { kind: 'staff', staffId } as const;
  const saved = await lockingTransaction(ctx.db, async (tx) => {
    const row = await writeDraft(tx, by, input.id, draft, now);
    const problems = publishProblems(draftOfRow(row), now);
    if (problems.length > 0) return { refused: problems };
    const copy = publishedCopy(draftOfRow(row));
    const version = row.version + 1;
    await tx
      .update(announcements)
      .set({ published: copy, publishedEndsAt: row.endsAt, version })
      .where(eq(announcements.id, row.id));
    await writeAudit(tx, {
      by,
      action: 'announcement.published',
      subject: { type: 'announcement', id: row.id },
      before: row.published ?? undefined,
      after: { ...copy, version },
      at: now,
    });
    return { version };
  });
  // Refused after the transaction, which keeps the draft as sent.
  if ('refused' in saved) throw refusedDraft(saved.refused);
  ctx.afterCommit(announcementsChanged);
  return saved;
}

/** Use case: an admin publishes an announcement (the editor's Publish, which sends the draft on the screen). */
export const announcementPublish = defineUseCase({
  name: 'announcement-publish',
  input: announcementDraftSchema,
  address: announcementAddress,
  run: publish,
  route: { method: 'POST', path: '/staff/announcements/:id/publication', caller: 'staff' },
  form: {
    next: (_done, ctx, input) => `${localizePath(`/staff/announcements/${input.id}`, ctx.locale)}?published`,
  },
  refusals: [401, 403, 404, 422],
});
