import * as z from 'zod/mini';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { queueCurrentStateMail } from '../db/queries/queue-mail.ts';
import { sailings } from '../db/schema/network.ts';
import { writeAudit } from '../services/audit.ts';
import type { Actor } from './context.ts';
import { travellersOn } from '../db/queries/sailing-tickets.ts';

export type SailingCancelled =
  | { outcome: 'cancelled' | 'already_cancelled'; bookingsTold: number }
  | { outcome: 'unknown' | 'departed' | 'stale' };

/** What the console checks under the lock: the sailing has not left, and its dry run still holds. */
export interface CancellationGuard {
  /** Read once the sailing's lock is held: "has it left?" after a wait is asked of the time it is then. */
  clock: () => Date;
  /** The travellers the admin's dry run counted; another number means it changed since (undefined: not checked). */
  travellers?: number | undefined;
}

/**
 * The operator cancelled a sailing (the console's sailing page, or `npm run ops -- cancel-sailing <id>`), with its
 * reason in both languages for the mails: it closes to sale, and every paid booking
 * with a traveller still on it is e-mailed the choice the rules give them (a free reschedule, or a refund without
 * fee up to 1 week after the departure: domain/after-sales.ts). Their seats stay theirs until they choose. Running
 * it again tells nobody twice.
 */
export async function cancelSailing(
  db: Database,
  sailingId: string,
  by: Actor | 'system' = 'system',
  notice?: { en: string; id: string; reason?: string },
  guard?: CancellationGuard,
): Promise<SailingCancelled> {
  if (!z.uuid().safeParse(sailingId).success) return { outcome: 'unknown' };
  return lockingTransaction(db, async (tx) => {
    const [sailing] = await tx.select().from(sailings).where(eq(sailings.id, sailingId)).for('update');
    if (!sailing) return { outcome: 'unknown' };
    if (sailing.status === 'cancelled') return { outcome: 'already_cancelled', bookingsTold: 0 };
    if (guard && sailing.departsAt <= guard.clock()) return { outcome: 'departed' };
    const travellers = await travellersOn(tx, sailingId);
    if (guard?.travellers !== undefined && guard.travellers !== travellers.length)
      return { outcome: 'stale' };
    await tx
      .update(sailings)
      .set({ status: 'cancelled', ...(notice ? { noticeEn: notice.en, noticeId: notice.id } : {}) })
      .where(eq(sailings.id, sailingId));
    const onBoard = [...new Set(travellers.map((ticket) => ticket.bookingId))].sort();
    for (const bookingId of onBoard) await queueCurrentStateMail(tx, bookingId, 'sailing_cancelled');
    await writeAudit(tx, {
      by,
      action: 'sailing.cancelled',
      subject: { type: 'sailing', id: sailingId },
      reason: notice?.reason ?? notice?.en,
      before: { status: sailing.status },
      after: {
        status: 'cancelled',
        bookingsTold: onBoard,
        // Boarding passes issued before it (a check-in shares the sailing's lock: none can come after).
        checkedIn: travellers.filter((ticket) => ticket.status === 'checked_in').length,
        ...(notice ? { noticeEn: notice.en, noticeId: notice.id } : {}),
      },
    });
    return { outcome: 'cancelled', bookingsTold: onBoard.length };
  });
}
