import { eq } from 'drizzle-orm';
import { assertTicketMove } from '../../domain/booking-lifecycle.ts';
import type { BoardingOutcome } from '../../domain/gate.ts';
import { boardingsSchema, type BoardingsInput } from '../../schemas/gate.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { boardingMarks } from '../db/schema/gate.ts';
import { tickets } from '../db/schema/payments.ts';
import { refuse } from '../validation-errors.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';

export interface BoardingResult {
  nonce: string;
  ticketNumber: string;
  outcome: BoardingOutcome;
}

/**
 * A gate device's queued boardings, sent when it is online (docs/decisions/0014). Each ticket's row is locked, in
 * ticket order so two gates' uploads never wait on each other in a circle; a nonce already recorded answers what it
 * did the first time (a retry after a lost answer boards nobody twice); a checked-in ticket boards, one boarded
 * already says so, anything else is not boardable (cancelled since, or never checked in).
 */
async function board(ctx: UseCaseContext, input: BoardingsInput): Promise<BoardingResult[]> {
  if (ctx.actor.kind !== 'device') throw refuse('device', 'gate_device_required');
  const deviceId = ctx.actor.deviceId;
  const now = ctx.clock();
  const marks = [...input.marks].sort((a, b) => a.ticketNumber.localeCompare(b.ticketNumber));
  return lockingTransaction(ctx.db, async (tx) => {
    const results: BoardingResult[] = [];
    for (const mark of marks) {
      const [ticket] = await tx
        .select({ status: tickets.status })
        .from(tickets)
        .where(eq(tickets.ticketNumber, mark.ticketNumber))
        .for('update');
      const [recorded] = await tx
        .select({ outcome: boardingMarks.outcome })
        .from(boardingMarks)
        .where(eq(boardingMarks.nonce, mark.nonce));
      const outcome: BoardingOutcome =
        recorded?.outcome ??
        (ticket?.status === 'checked_in'
          ? 'boarded'
          : ticket?.status === 'boarded'
            ? 'already_boarded'
            : 'not_boardable');
      results.push({ nonce: mark.nonce, ticketNumber: mark.ticketNumber, outcome });
      if (recorded || !ticket) continue;
      if (outcome === 'boarded') {
        assertTicketMove(ticket.status, 'boarded');
        await tx
          .update(tickets)
          .set({ status: 'boarded' })
          .where(eq(tickets.ticketNumber, mark.ticketNumber));
      }
      await tx.insert(boardingMarks).values({
        nonce: mark.nonce,
        deviceId,
        ticketNumber: mark.ticketNumber,
        scannedAt: new Date(mark.scannedAt),
        receivedAt: now,
        outcome,
      });
    }
    return results;
  });
}

/** Use case: a gate device uploads the boardings it queued (offline or not). */
export const gateBoard = defineUseCase({
  name: 'gate-board',
  input: boardingsSchema,
  run: board,
  route: { method: 'POST', path: '/gate/boardings', caller: 'device', answer: (results) => ({ results }) },
  formless: 'its caller is a gate device with its token, never a page',
  refusals: [401],
});
