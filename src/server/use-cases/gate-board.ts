import { eq } from 'drizzle-orm';
import { assertTicketMove, type TicketStatus } from '../../domain/booking-lifecycle.ts';
import type { BoardingOutcome } from '../../domain/gate.ts';
import { boardingsSchema, type BoardingsInput } from '../../schemas/gate.ts';
import { lockingTransaction, type Tx } from '../db/conflicts.ts';
import { legTickets } from '../db/queries/sailing-tickets.ts';
import { bookingLegs } from '../db/schema/bookings.ts';
import { boardingMarks } from '../db/schema/gate.ts';
import { sailings } from '../db/schema/network.ts';
import { tickets } from '../db/schema/payments.ts';
import { refuse } from '../validation-errors.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';

export interface BoardingResult {
  nonce: string;
  ticketNumber: string;
  outcome: BoardingOutcome;
}

type Mark = BoardingsInput['marks'][number];

/** The ticket locked, with the sailing its segment rides and whether the operator cancelled that sailing. */
async function lockedTicket(tx: Tx, ticketNumber: string) {
  const [ticket] = await tx
    .select({ status: tickets.status, sailingId: bookingLegs.sailingId, sailingStatus: sailings.status })
    .from(tickets)
    .innerJoin(bookingLegs, legTickets)
    .innerJoin(sailings, eq(sailings.id, bookingLegs.sailingId))
    .where(eq(tickets.ticketNumber, ticketNumber))
    .for('update', { of: tickets });
  return ticket;
}

/** What a stored mark says to a send of `mark`: its outcome again, if it is this device's scan of this ticket. */
function replayed(
  stored: { deviceId: string; ticketNumber: string; outcome: BoardingOutcome },
  mark: Mark,
  deviceId: string,
) {
  return stored.deviceId === deviceId && stored.ticketNumber === mark.ticketNumber
    ? stored.outcome
    : 'not_boardable';
}

/** A checked-in ticket of the sailing being boarded boards; a boarded one says so; anything else does not board. */
function outcomeOf(
  ticket: { status: TicketStatus; sailingId: string | null; sailingStatus: string } | undefined,
  mark: Mark,
): BoardingOutcome {
  if (ticket?.sailingId !== mark.sailingId || ticket.sailingStatus === 'cancelled') return 'not_boardable';
  if (ticket.status === 'boarded') return 'already_boarded';
  return ticket.status === 'checked_in' ? 'boarded' : 'not_boardable';
}

/**
 * A gate device's queued boardings, sent when it is online (docs/decisions/0014). Each ticket's row is locked, in
 * ticket order so two gates' uploads never wait on each other in a circle. The mark is stored before the ticket
 * changes, under its nonce: a nonce stored already (a retry after a lost answer, even one still in flight) answers
 * what it did the first time, and boards nobody twice; a nonce of another device or ticket boards nothing.
 */
async function board(ctx: UseCaseContext, input: BoardingsInput): Promise<BoardingResult[]> {
  if (ctx.actor.kind !== 'device') throw refuse('device', 'gate_device_required');
  const deviceId = ctx.actor.deviceId;
  const now = ctx.clock();
  const marks = [...input.marks].sort((a, b) => a.ticketNumber.localeCompare(b.ticketNumber));
  return lockingTransaction(ctx.db, async (tx) => {
    const results: BoardingResult[] = [];
    for (const mark of marks) {
      const ticket = await lockedTicket(tx, mark.ticketNumber);
      const outcome = outcomeOf(ticket, mark);
      // A mark needs its ticket (the row it refers to); an unknown ticket is answered, not stored.
      const [stored] = ticket
        ? await tx
            .insert(boardingMarks)
            .values({
              nonce: mark.nonce,
              deviceId,
              ticketNumber: mark.ticketNumber,
              scannedAt: new Date(mark.scannedAt),
              receivedAt: now,
              outcome,
            })
            .onConflictDoNothing()
            .returning({ nonce: boardingMarks.nonce })
        : [];
      if (ticket && !stored) {
        const [earlier] = await tx.select().from(boardingMarks).where(eq(boardingMarks.nonce, mark.nonce));
        const again = earlier ? replayed(earlier, mark, deviceId) : 'not_boardable';
        results.push({ nonce: mark.nonce, ticketNumber: mark.ticketNumber, outcome: again });
        continue;
      }
      if (ticket && outcome === 'boarded') {
        assertTicketMove(ticket.status, 'boarded');
        await tx
          .update(tickets)
          .set({ status: 'boarded' })
          .where(eq(tickets.ticketNumber, mark.ticketNumber));
      }
      results.push({ nonce: mark.nonce, ticketNumber: mark.ticketNumber, outcome });
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
