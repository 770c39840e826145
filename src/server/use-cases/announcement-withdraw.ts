import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { localizePath } from '../../i18n/locales.ts';
import { announcementsChanged } from '../announcements/feed.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { announcements } from '../db/schema/announcements.ts';
import { writeAudit } from '../services/audit.ts';
import { refuse } from '../validation-errors.ts';
import { announcementAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { staffOf } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

/**
 * Takes a published announcement off every page now (admin), before its end; its draft stays, to publish again.
 * Withdrawing one that is not published changes nothing and logs nothing.
 */
async function withdraw(ctx: UseCaseContext, { id }: { id: string }): Promise<void> {
  staffOf(ctx, 'admin');
  const now = ctx.clock();
  const withdrawn = await lockingTransaction(ctx.db, async (tx) => {
    const [row] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
    if (!row) throw refuse('announcement', 'announcement_error_not_found');
    if (!row.published) return false;
    await tx
      .update(announcements)
      .set({ published: null, publishedEndsAt: null })
      .where(eq(announcements.id, id));
    await writeAudit(tx, {
      by: ctx.actor,
      action: 'announcement.withdrawn',
      subject: { type: 'announcement', id },
      before: { ...row.published, version: row.version },
      at: now,
    });
    return true;
  });
  if (withdrawn) ctx.afterCommit(announcementsChanged);
}

/** Use case: an admin withdraws an announcement (the editor's Withdraw). */
export const announcementWithdraw = defineUseCase({
  name: 'announcement-withdraw',
  input: z.object({}),
  address: announcementAddress,
  run: withdraw,
  route: { method: 'DELETE', path: '/staff/announcements/:id/publication', caller: 'staff', status: 204 },
  form: {
    next: (_done, ctx, input) => `${localizePath(`/staff/announcements/${input.id}`, ctx.locale)}?withdrawn`,
  },
  refusals: [401, 403, 404],
});
