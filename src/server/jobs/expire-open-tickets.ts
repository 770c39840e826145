import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ticketIssuedOn, ticketValidUntil } from '../../domain/ticket-validity.ts';
import { agencyToday } from '../../domain/agency.ts';
import type { Database } from '../db/client.ts';
import { bookingLegs } from '../db/schema/bookings.ts';
import { tickets } from '../db/schema/payments.ts';

/**
 * Open tickets never claimed expire 3 months after issue (docs/product-rules.md, Tickets) and move to the
 * booking's history: `active` -> `expired` once their last valid Batam day has passed. They hold no seat, so
 * nothing else changes; a claim racing this waits on the ticket rows (`for update`) and finds them expired,
 * or claimed them first.
 */
export async function expireOpenTickets(db: Database, now: Date): Promise<number> {
  const today = agencyToday(now);
  return db.transaction(async (tx) => {
    const unclaimed = await tx
      .select({ ticketNumber: tickets.ticketNumber, issuedAt: tickets.issuedAt })
      .from(tickets)
      .innerJoin(
        bookingLegs,
        and(
          eq(bookingLegs.bookingId, tickets.bookingId),
          eq(bookingLegs.leg, tickets.leg),
          eq(bookingLegs.segment, tickets.segment),
        ),
      )
      .where(and(eq(tickets.status, 'active'), isNull(bookingLegs.sailingId)))
      .for('update', { of: tickets, skipLocked: true });
    const lapsed = unclaimed
      .filter((ticket) => ticketValidUntil(ticketIssuedOn(ticket.issuedAt)) < today)
      .map((ticket) => ticket.ticketNumber);
    if (lapsed.length > 0)
      await tx
        .update(tickets)
        .set({ status: 'expired' })
        .where(and(inArray(tickets.ticketNumber, lapsed), eq(tickets.status, 'active')));
    return lapsed.length;
  });
}
