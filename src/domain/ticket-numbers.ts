/**
 * Ticket numbers derive from the booking code (unique), so issuing them needs no counter and a replayed payment
 * can never mint a second set: `ET-K7M4QX-2` is passenger 2's e-ticket, `TK-K7M4QX-2R` their return ticket (`D`
 * departure, `R` return). Short enough to read out at a counter.
 */
export function eTicketNumber(bookingCode: string, position: number): string {
  return `ET-${bookingCode}-${String(position + 1)}`;
}

/**
 * A ticket as booked (segment 0), or the one a reschedule issued in its place: `TK-K7M4QX-2D2` is passenger 2's
 * departure ticket on the booking leg's second segment (the first sailing they moved to).
 */
export function ticketNumber(bookingCode: string, position: number, leg: number, segment = 0): string {
  const base = `TK-${bookingCode}-${String(position + 1)}${leg === 0 ? 'D' : 'R'}`;
  return segment === 0 ? base : `${base}${String(segment + 1)}`;
}
