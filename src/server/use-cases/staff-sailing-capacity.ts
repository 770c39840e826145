import { eq } from 'drizzle-orm';
import { capacityRefusal } from '../../domain/sailing-load.ts';
import { localizePath } from '../../i18n/locales.ts';
import { sailingCapacitySchema, type SailingCapacityInput } from '../../schemas/staff-sailing.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { lockSailingRows } from '../db/queries/inventory.ts';
import { sailings } from '../db/schema/network.ts';
import { writeAudit } from '../services/audit.ts';
import { sailingLoad } from '../services/sailing-loads.ts';
import { refuse } from '../validation-errors.ts';
import { sailingAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { staffOf } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

type Input = SailingCapacityInput & { sailingId: string };

/**
 * An admin changes a sailing's capacity (the operator sends a smaller or larger vessel). Decided under the
 * sailing's row lock, which every hold and payment takes before counting its seats: a hold that lands meanwhile
 * either counts in the check or waits and sees the new capacity. Never below the seats sold or held now.
 */
async function setCapacity(ctx: UseCaseContext, input: Input): Promise<void> {
  const admin = staffOf(ctx, 'admin');
  const now = ctx.clock();
  await lockingTransaction(ctx.db, async (tx) => {
    await lockSailingRows(tx, [input.sailingId]);
    const seats = await sailingLoad(tx, input.sailingId, now);
    if (!seats) throw refuse('sailing', 'staff_sailing_not_found');
    const refusal = capacityRefusal({ ...seats, cancelled: seats.status === 'cancelled' }, input.capacity);
    if (refusal === 'capacity_below_sold')
      throw refuse('capacity', 'staff_capacity_below_sold', { taken: seats.sold + seats.held });
    if (refusal) throw refuse(refusal === 'sailing_cancelled' ? 'sailing' : 'capacity', `staff_${refusal}`);
    await tx.update(sailings).set({ capacity: input.capacity }).where(eq(sailings.id, input.sailingId));
    await writeAudit(tx, {
      by: { kind: 'staff', staffId: admin.staffId },
      action: 'sailing.capacity_changed',
      subject: { type: 'sailing', id: input.sailingId },
      reason: input.reason,
      before: { capacity: seats.capacity, sold: seats.sold, held: seats.held },
      after: { capacity: input.capacity },
      at: now,
    });
  });
}

/** Use case: change a sailing's capacity (an admin, from the sailing's console page). */
export const staffSailingCapacity = defineUseCase({
  name: 'staff-sailing-capacity',
  input: sailingCapacitySchema,
  address: sailingAddress,
  run: setCapacity,
  route: { method: 'PUT', path: '/staff/sailings/:id/capacity', caller: 'staff', status: 204 },
  form: {
    next: (_done, ctx, input) => `${localizePath(`/staff/sailings/${input.sailingId}`, ctx.locale)}?resized`,
  },
  refusals: [401, 403, 404, 409, 422],
});
