import { and, eq } from 'drizzle-orm';
import { fromLocal, portTime } from '../../domain/port-time.ts';
import { delayedArrival, delayRefusal } from '../../domain/sailing-delay.ts';
import { localizePath } from '../../i18n/locales.ts';
import { operatorDelaySchema, type OperatorDelayInput } from '../../schemas/staff-sailing.ts';
import { lockingTransaction, sqlState } from '../db/conflicts.ts';
import { queueCurrentStateMail } from '../db/queries/queue-mail.ts';
import { travellersOn } from '../db/queries/sailing-tickets.ts';
import { sailings } from '../db/schema/network.ts';
import { supersededBoardingPasses } from '../db/schema/boarding.ts';
import { writeAudit } from '../services/audit.ts';
import { refuse } from '../validation-errors.ts';
import { sailingAddress } from './addresses.ts';
import { boardingPassMailKind } from './check-in.ts';
import type { UseCaseContext } from './context.ts';
import { staffOf } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

type Input = OperatorDelayInput & { sailingId: string };

/**
 * An admin records the operator's delay of a sailing, after its dry run: the new departure (on its own terminal's
 * clock) and the arrival moved by as much, the first published departure kept, the reason in both languages. Every
 * boarding pass already issued signed the old departure: each is recorded as superseded (a gate refuses it) and the
 * leg's passes are mailed again with the new time; every booking still on the sailing is mailed once with the new
 * time and its free choices (keep it, move or cancel without fee: domain/offers.ts). Online check-in's window follows
 * the new departure by itself. Under the sailing's lock, which check-ins share: none lands half before, half after.
 */
async function delaySailing(ctx: UseCaseContext, input: Input) {
  const admin = staffOf(ctx, 'admin');
  const done = await lockingTransaction(ctx.db, async (tx) => {
    const [sailing] = await tx.select().from(sailings).where(eq(sailings.id, input.sailingId)).for('update');
    if (!sailing) throw refuse('sailing', 'staff_sailing_not_found');
    // Read once the lock is held: "has it left?" after a wait is asked of the time it is now.
    const now = ctx.clock();
    const zone = ctx.network.zoneOf(ctx.network.routeById(sailing.routeId)?.from);
    const shown = portTime(sailing.departsAt, zone);
    if (input.from !== undefined && input.from !== `${shown.date}T${shown.time}`)
      throw refuse('sailing', 'staff_delay_moved');
    const to = fromLocal({ date: input.departure.slice(0, 10), time: input.departure.slice(11, 16) }, zone);
    const refusal = delayRefusal(
      {
        departsAt: sailing.departsAt,
        scheduledDepartsAt: sailing.scheduledDepartsAt,
        cancelled: sailing.status === 'cancelled',
      },
      to,
      now,
    );
    if (refusal) throw refuse('departure', `staff_delay_${refusal}`);
    // The operator's other sailing of the route at that minute: one departure per operator, route and instant.
    const [clash] = await tx
      .select({ id: sailings.id })
      .from(sailings)
      .where(
        and(
          eq(sailings.routeId, sailing.routeId),
          eq(sailings.operatorCode, sailing.operatorCode),
          eq(sailings.departsAt, to),
        ),
      );
    if (clash) throw refuse('departure', 'staff_delay_clash');
    const riding = await travellersOn(tx, sailing.id);
    // The dry run the admin read no longer holds (someone booked, checked in or cancelled since): read it again.
    if (input.expected !== undefined && input.expected !== riding.length)
      throw refuse('sailing', 'staff_operator_stale');
    await tx
      .update(sailings)
      .set({
        departsAt: to,
        arrivesAt: delayedArrival(sailing, to),
        scheduledDepartsAt: sailing.scheduledDepartsAt ?? sailing.departsAt,
        noticeEn: input.noticeEn,
        noticeId: input.noticeId,
        delayedAt: now,
      })
      .where(eq(sailings.id, sailing.id))
      .catch((error: unknown) => {
        // Another sailing of the operator moved onto that minute meanwhile: the unique departure says so.
        if (sqlState(error) === '23505') throw refuse('departure', 'staff_delay_clash');
        throw error;
      });
    const passes = riding.filter((ticket) => ticket.status === 'checked_in');
    if (passes.length > 0)
      await tx
        .insert(supersededBoardingPasses)
        .values(
          passes.map(({ ticketNumber }) => ({
            ticketNumber,
            departure: sailing.departsAt,
            supersededAt: now,
          })),
        )
        .onConflictDoNothing();
    // In the bookings' id order: the one order every mail queue row is locked in.
    const told = [...new Set(riding.map((ticket) => ticket.bookingId))].sort();
    for (const bookingId of told) {
      await queueCurrentStateMail(tx, bookingId, 'sailing_delayed');
      const legs = new Set(passes.filter((pass) => pass.bookingId === bookingId).map((pass) => pass.leg));
      for (const leg of legs) await queueCurrentStateMail(tx, bookingId, boardingPassMailKind(leg));
    }
    await writeAudit(tx, {
      by: { kind: 'staff', staffId: admin.staffId },
      action: 'sailing.delayed',
      subject: { type: 'sailing', id: sailing.id },
      reason: input.noticeEn,
      before: { departsAt: sailing.departsAt, arrivesAt: sailing.arrivesAt },
      after: { departsAt: to, bookingsTold: told, passesSuperseded: passes.map((pass) => pass.ticketNumber) },
      at: now,
    });
    return { bookingsTold: told.length, passesReissued: passes.length };
  });
  ctx.afterCommit(ctx.wakeMail);
  return done;
}

/** Use case: delay a sailing for its operator (an admin, from the sailing's console page, after the dry run). */
export const staffDelaySailing = defineUseCase({
  name: 'staff-delay-sailing',
  input: operatorDelaySchema,
  address: sailingAddress,
  run: delaySailing,
  route: { method: 'POST', path: '/staff/sailings/:id/delay', caller: 'staff', answer: (done) => done },
  form: {
    next: (done, ctx, input) =>
      `${localizePath(`/staff/sailings/${input.sailingId}`, ctx.locale)}?delayed=${String(done.bookingsTold)}`,
  },
  refusals: [401, 403, 404, 409, 422],
});
