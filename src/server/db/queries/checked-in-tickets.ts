import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { bookingLegs } from '../schema/bookings.ts';
import { tickets } from '../schema/payments.ts';
import { legTickets } from './sailing-tickets.ts';

/** A ticket that has a boarding pass: checked in and not boarded yet, with the sailing its pass names. */
export interface CheckedInTicket {
  ticketNumber: string;
  position: number;
  leg: number;
  segment: number;
  sailingId: string;
  checkedInAt: Date;
}

/** A booking's tickets that have boarding passes; only the one numbered `ticketNumber`, when given. */
export async function checkedInTickets(
  db: Database,
  bookingId: string,
  ticketNumber?: string,
): Promise<CheckedInTicket[]> {
  const rows = await db
    .select({
      ticketNumber: tickets.ticketNumber,
      position: tickets.position,
      leg: tickets.leg,
      segment: tickets.segment,
      sailingId: bookingLegs.sailingId,
      checkedInAt: tickets.checkedInAt,
    })
    .from(tickets)
    .innerJoin(bookingLegs, legTickets)
    .where(
      and(
        eq(tickets.bookingId, bookingId),
        eq(tickets.status, 'checked_in'),
        isNotNull(tickets.checkedInAt),
        ...(ticketNumber === undefined ? [] : [eq(tickets.ticketNumber, ticketNumber)]),
      ),
    );
  return rows.flatMap((row) =>
    row.sailingId && row.checkedInAt
      ? [{ ...row, sailingId: row.sailingId, checkedInAt: row.checkedInAt }]
      : [],
  );
}
