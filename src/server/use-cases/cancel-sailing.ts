import * as z from 'zod/mini';
import { and, eq, inArray } from 'drizzle-orm';
import { travelling } from '../../domain/after-sales.ts';
import type { Database } from '../db/client.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { queueCurrentStateMail } from '../db/queries/queue-mail.ts';
import { bookingLegs, bookings } from '../db/schema/bookings.ts';
import { sailings } from '../db/schema/network.ts';
import { tickets } from '../db/schema/payments.ts';
import { writeAudit } from '../services/audit.ts';
import type { Actor } from './context.ts';

export type SailingCancelled =
  { outcome: 'cancelled' | 'already_cancelled'; bookingsTold: number } | { outcome: 'unknown' };

/**
 * The operator cancelled a sailing (`npm run ops -- cancel-sailing <id>`): it closes to sale, and every paid booking
 * with a traveller still on it is e-mailed the choice the rules give them (a free reschedule, or a refund without
 * fee up to 1 week after the departure: domain/after-sales.ts). Their seats stay theirs until they choose. Running
 * it again tells nobody twice.
 */
export async function cancelSailing(
  db: Database,
  sailingId: string,
  by: Actor | 'system' = 'system',
): Promise<SailingCancelled> {
  if (!z.uuid().safeParse(sailingId).success) return { outcome: 'unknown' };
  return lockingTransaction(db, async (tx) => {
    const [sailing] = await tx.select().from(sailings).where(eq(sailings.id, sailingId)).for('update');
    if (!sailing) return { outcome: 'unknown' };
    if (sailing.status === 'cancelled') return { outcome: 'already_cancelled', bookingsTold: 0 };
    await tx.update(sailings).set({ status: 'cancelled' }).where(eq(sailings.id, sailingId));
    const onBoard = await tx
      .selectDistinct({ bookingId: bookingLegs.bookingId })
      .from(bookingLegs)
      .innerJoin(bookings, eq(bookings.id, bookingLegs.bookingId))
      .innerJoin(
        tickets,
        and(
          eq(tickets.bookingId, bookingLegs.bookingId),
          eq(tickets.leg, bookingLegs.leg),
          eq(tickets.segment, bookingLegs.segment),
        ),
      )
      .where(
        and(
          eq(bookingLegs.sailingId, sailingId),
          eq(bookings.status, 'paid'),
          inArray(tickets.status, [...travelling]),
        ),
      );
    for (const { bookingId } of onBoard) await queueCurrentStateMail(tx, bookingId, 'sailing_cancelled');
    await writeAudit(tx, {
      by,
      action: 'sailing.cancelled',
      subject: { type: 'sailing', id: sailingId },
      before: { status: sailing.status },
      after: { status: 'cancelled', bookingsTold: onBoard.map(({ bookingId }) => bookingId) },
    });
    return { outcome: 'cancelled', bookingsTold: onBoard.length };
  });
}
