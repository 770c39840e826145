import type { TicketStatus } from '../../domain/booking-lifecycle.ts';
import { manifestOrder, type ManifestPassenger } from '../../domain/manifest.ts';
import type { Database } from '../db/client.ts';
import { bookingLegs, bookingPassengers, bookings } from '../db/schema/bookings.ts';
import { tickets } from '../db/schema/payments.ts';
import { legBooking, legTickets, paidTicketsOn, ticketPassenger } from '../db/queries/sailing-tickets.ts';

/** Tickets that put someone on the sailing: still good for travel, or already boarded. */
const onBoard: TicketStatus[] = ['active', 'claimed', 'checked_in', 'boarded'];

/** A manifest row with where its booking is, for the console's links and the counter's corrections. */
export type ManifestRow = ManifestPassenger & { bookingId: string; position: number };

/**
 * The passengers of a sailing, one row per ticket on it (a paid booking's leg segment that rides this sailing),
 * in manifest order (domain/manifest.ts). Cancelled and moved tickets are not on board, so not listed.
 */
export async function sailingManifest(db: Database, sailingId: string): Promise<ManifestRow[]> {
  const rows = await db
    .select({
      bookingId: bookings.id,
      bookingCode: bookings.code,
      position: bookingPassengers.position,
      fullName: bookingPassengers.fullName,
      category: bookingPassengers.category,
      nationality: bookingPassengers.nationality,
      sex: bookingPassengers.sex,
      dateOfBirth: bookingPassengers.dateOfBirth,
      passportNumber: bookingPassengers.passportNumber,
      passportCountry: bookingPassengers.passportCountry,
      passportExpiry: bookingPassengers.passportExpiry,
      eTicketNumber: bookingPassengers.eTicketNumber,
      ticketNumber: tickets.ticketNumber,
      ticketStatus: tickets.status,
      checkedInAt: tickets.checkedInAt,
    })
    .from(bookingLegs)
    .innerJoin(bookings, legBooking)
    .innerJoin(tickets, legTickets)
    .innerJoin(bookingPassengers, ticketPassenger)
    .where(paidTicketsOn(sailingId, onBoard));
  return manifestOrder(rows);
}
