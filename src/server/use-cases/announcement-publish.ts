import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { publishProblems } from '../../domain/announcements.ts';
import { localizePath } from '../../i18n/locales.ts';
import { announcementsChanged } from '../announcements/feed.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { announcements, type PublishedAnnouncement } from '../db/schema/announcements.ts';
import { writeAudit } from '../services/audit.ts';
import { refuse, Refused } from '../validation-errors.ts';
import { announcementAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { staffOf } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

/**
 * Publishes an announcement's draft (admin): a copy of it becomes what travellers see, as a new version, on every
 * page it is placed on from its start to its end, without a rebuild (announcements/page-insert.ts). Publishing a
 * live one again puts its edited draft live. Refused while a language has no text, or once its end has passed.
 */
async function publish(ctx: UseCaseContext, { id }: { id: string }): Promise<{ version: number }> {
  staffOf(ctx, 'admin');
  const now = ctx.clock();
  const published = await lockingTransaction(ctx.db, async (tx) => {
    const [row] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
    if (!row) throw refuse('announcement', 'announcement_error_not_found');
    const html = { en: row.htmlEn, id: row.htmlId };
    const problems = publishProblems({ html, startsAt: row.startsAt, endsAt: row.endsAt }, now);
    if (problems.length > 0) {
      const field = { announcement_error_text_en: 'textEn', announcement_error_text_id: 'textId' } as const;
      const errors: Record<string, { key: string }[]> = {};
      for (const key of problems)
        (errors[key === 'announcement_error_ended' ? 'endsAt' : field[key]] ??= []).push({ key });
      throw new Refused(422, errors);
    }
    const snapshot: PublishedAnnouncement = {
      placement: row.placement,
      routeId: row.routeId,
      level: row.level,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      html,
    };
    const version = row.version + 1;
    await tx.update(announcements).set({ published: snapshot, version }).where(eq(announcements.id, id));
    await writeAudit(tx, {
      by: ctx.actor,
      action: 'announcement.published',
      subject: { type: 'announcement', id },
      before: row.published ?? undefined,
      after: { ...snapshot, version },
      at: now,
    });
    return { version };
  });
  ctx.afterCommit(announcementsChanged);
  return published;
}

/** Use case: an admin publishes an announcement (the editor's Publish). */
export const announcementPublish = defineUseCase({
  name: 'announcement-publish',
  input: z.object({}),
  address: announcementAddress,
  run: publish,
  route: { method: 'POST', path: '/staff/announcements/:id/publication', caller: 'staff' },
  form: {
    next: (_done, ctx, input) => `${localizePath(`/staff/announcements/${input.id}`, ctx.locale)}?published`,
  },
  refusals: [401, 403, 404, 422],
});
