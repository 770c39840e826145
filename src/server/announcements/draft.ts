import { eq } from 'drizzle-orm';
import { fromAgencyWallClock } from '../../domain/agency.ts';
import { draftProblems, type DraftProblem, type LiveAnnouncement } from '../../domain/announcements.ts';
import type { AnnouncementDraftInput } from '../../schemas/announcement.ts';
import type { Tx } from '../db/conflicts.ts';
import { announcements, type PublishedAnnouncement } from '../db/schema/announcements.ts';
import type { Network } from '../network.ts';
import { writeAudit } from '../services/audit.ts';
import { refuse, Refused } from '../validation-errors.ts';
import { sanitiseAnnouncementHtml } from './sanitise.ts';

/** An announcement as the console edits it: what a publication copies (domain/announcements.ts). */
export type Draft = Omit<LiveAnnouncement, 'id' | 'version'>;
export type AnnouncementRow = typeof announcements.$inferSelect;

/** The refusal of a draft's problems, each at its field. */
export function refusedDraft(problems: DraftProblem[]): Refused {
  const errors: Record<string, { key: string }[]> = {};
  for (const { field, key } of problems) (errors[field] ??= []).push({ key });
  return new Refused(422, errors);
}

/** The draft a form or the editor sent, as stored: times read on Batam's clock, the route checked, HTML sanitised. */
export async function draftOf(network: Network, input: AnnouncementDraftInput): Promise<Draft> {
  const startsAt = fromAgencyWallClock(input.startsAt);
  if (!startsAt) throw refuse('startsAt', 'announcement_error_time');
  const endsAt = fromAgencyWallClock(input.endsAt);
  if (!endsAt) throw refuse('endsAt', 'announcement_error_time');
  const routeId = input.placement === 'route' ? (input.routeId ?? '') : null;
  if (routeId !== null && !network.routeById(routeId)) throw refuse('routeId', 'announcement_error_route');
  const [en, id] = await Promise.all([
    sanitiseAnnouncementHtml(input.textEn),
    sanitiseAnnouncementHtml(input.textId),
  ]);
  const draft: Draft = {
    placement: input.placement,
    routeId,
    level: input.level,
    startsAt,
    endsAt,
    html: { en, id },
  };
  const problems = draftProblems(draft);
  if (problems.length > 0) throw refusedDraft(problems);
  return draft;
}

/** A stored announcement's draft. */
export function draftOfRow(row: AnnouncementRow): Draft {
  const { placement, routeId, level, startsAt, endsAt } = row;
  return { placement, routeId, level, startsAt, endsAt, html: { en: row.htmlEn, id: row.htmlId } };
}

/** The published copy of a draft, as the pages' list stores it. */
export function publishedCopy(draft: Draft): PublishedAnnouncement {
  return { ...draft, startsAt: draft.startsAt.toISOString(), endsAt: draft.endsAt.toISOString() };
}

function columns(draft: Draft) {
  const { html, ...rest } = draft;
  return { ...rest, htmlEn: html.en, htmlId: html.id };
}

/**
 * Writes a draft in the caller's transaction: a new announcement without `id`, else the one named (locked). A write
 * that changes nothing writes nothing and logs nothing, so the editor's saves as an admin types leave one audit row
 * per change. Answers the row as it now stands.
 */
export async function writeDraft(
  tx: Tx,
  by: { kind: 'staff'; staffId: string },
  id: string | undefined,
  draft: Draft,
  now: Date,
): Promise<AnnouncementRow> {
  if (!id) {
    const [created] = await tx
      .insert(announcements)
      .values({ ...columns(draft), createdBy: by.staffId, createdAt: now, updatedAt: now })
      .returning();
    if (!created) throw new Error('announcement insert returned no row');
    await writeAudit(tx, {
      by,
      action: 'announcement.saved',
      subject: { type: 'announcement', id: created.id },
      after: publishedCopy(draft),
      at: now,
    });
    return created;
  }
  const [row] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
  if (!row) throw refuse('announcement', 'announcement_error_not_found');
  const before = publishedCopy(draftOfRow(row));
  const after = publishedCopy(draft);
  if (JSON.stringify(before) === JSON.stringify(after)) return row;
  const [updated] = await tx
    .update(announcements)
    .set({ ...columns(draft), updatedAt: now })
    .where(eq(announcements.id, id))
    .returning();
  if (!updated) throw new Error('announcement update returned no row');
  await writeAudit(tx, {
    by,
    action: 'announcement.saved',
    subject: { type: 'announcement', id },
    before,
    after,
    at: now,
  });
  return updated;
}
