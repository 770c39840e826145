import { and, desc, eq, exists, gte, ilike, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { fromAgencyTime } from '../../domain/agency.ts';
import {
  bookingStateOf,
  searchKeys,
  type BookingState,
  type MoneyState,
  type SearchKey,
} from '../../domain/booking-search.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { bookingLegs, bookingPassengers, bookings } from '../db/schema/bookings.ts';
import { sailings } from '../db/schema/network.ts';
import { paymentReceipts, payments, refunds, tickets } from '../db/schema/payments.ts';

/** What the console's booking search asks: the one box, and the filters beside it (each optional). */
export interface BookingQuery {
  text?: string | undefined;
  state?: BookingState | undefined;
  money?: MoneyState | undefined;
  /** A sailing's date on Batam's calendar, `YYYY-MM-DD`: bookings with a leg departing that day. */
  sailingOn?: string | undefined;
  routeId?: string | undefined;
  limit?: number;
}

export interface FoundBooking {
  id: string;
  code: string;
  state: BookingState;
  contactName: string | null;
  contactEmail: string | null;
  total: number;
  createdAt: Date;
  /** The first sailing of the booking, if it names one (an open ticket names none). */
  firstSailing: { routeId: string; departsAt: Date } | null;
}

/** `%text%` for ILIKE, its own wildcards typed as text. */
const containing = (text: string) => `%${text.replaceAll(/[\\%_]/g, '\\$&')}%`;

const passengerWhere = (condition: SQL) =>
  exists(
    sql`(select 1 from ${bookingPassengers} where ${bookingPassengers.bookingId} = ${bookings.id} and ${condition})`,
  );

/** The condition one key of the box puts on a booking. */
function keyCondition(key: SearchKey): SQL | undefined {
  switch (key.kind) {
    case 'bookingId':
      return eq(bookings.id, key.id);
    case 'code':
    case 'ticket':
      // A ticket's number carries its booking's code (domain/ticket-numbers.ts).
      return eq(bookings.code, key.code);
    case 'email':
      return or(
        eq(sql`lower(${bookings.contactEmail})`, key.email),
        inArray(
          bookings.userId,
          sql`(select ${users.id}::text from ${users} where ${users.email} = ${key.email})`,
        ),
      );
    case 'phone':
      // Stored as E.164 (`+6281234567890`): what was typed, without its trunk 0, ends it.
      return sql`${bookings.contactPhone} like ${`%${key.digits}`}`;
    case 'passport':
      return passengerWhere(sql`upper(${bookingPassengers.passportNumber}) = ${key.number}`);
    case 'name': {
      const all = (column: typeof bookings.contactName | typeof bookingPassengers.fullName) =>
        and(...key.words.map((word) => ilike(column, containing(word))));
      const passenger = all(bookingPassengers.fullName);
      return or(all(bookings.contactName), passenger ? passengerWhere(passenger) : undefined);
    }
  }
}

const ticketWhere = (condition: SQL) =>
  exists(sql`(select 1 from ${tickets} where ${tickets.bookingId} = ${bookings.id} and ${condition})`);
/** A ticket that still counts: not cancelled, and not one a reschedule replaced (its replacement counts). */
const standing = ticketWhere(notInArray(tickets.status, ['cancelled', 'rescheduled']));

/** The SQL twin of `bookingStateOf` (domain/booking-search.ts); the search tests hold the two together. */
function stateCondition(state: BookingState, now: Date): SQL | undefined {
  const at = sql`${now.toISOString()}::timestamptz`;
  const running = (status: 'held' | 'awaiting_payment') =>
    and(eq(bookings.status, status), sql`${bookings.expiresAt} > ${at}`);
  const paid = eq(bookings.status, 'paid');
  const cancelled = ticketWhere(eq(tickets.status, 'cancelled'));
  switch (state) {
    case 'held':
    case 'awaiting_payment':
      return running(state);
    case 'expired':
      return or(
        eq(bookings.status, 'expired'),
        and(inArray(bookings.status, ['held', 'awaiting_payment']), sql`${bookings.expiresAt} <= ${at}`),
      );
    case 'paid':
      return and(paid, sql`not ${cancelled}`);
    case 'partly_cancelled':
      return and(paid, cancelled, standing);
    case 'cancelled':
      return and(paid, cancelled, sql`not ${standing}`);
  }
}

/** What the money filters look for, each in the records that say it. */
function moneyCondition(money: MoneyState): SQL {
  const receiptsWhere = (condition: SQL) =>
    exists(
      sql`(select 1 from ${paymentReceipts} join ${payments} on ${payments.id} = ${paymentReceipts.paymentId} where ${payments.bookingId} = ${bookings.id} and ${condition})`,
    );
  const refundWhere = (condition: SQL) =>
    exists(sql`(select 1 from ${refunds} where ${refunds.bookingId} = ${bookings.id} and ${condition})`);
  switch (money) {
    case 'underpaid':
      return receiptsWhere(eq(paymentReceipts.outcome, 'underpaid'));
    case 'overpaid':
      return refundWhere(eq(refunds.reason, 'overpaid'));
    case 'paid_late':
      return receiptsWhere(sql`${paymentReceipts.paidAt} > ${payments.expiresAt}`);
    case 'refund_due':
      return refundWhere(eq(refunds.status, 'queued'));
  }
}

/** Bookings with a leg on a sailing of that route, or departing that Batam day. */
function legCondition(query: BookingQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.routeId) conditions.push(eq(bookingLegs.routeId, query.routeId));
  if (query.sailingOn) {
    const from = fromAgencyTime({ date: query.sailingOn, time: '00:00' });
    conditions.push(
      gte(sailings.departsAt, from),
      lt(sailings.departsAt, new Date(from.getTime() + 86_400_000)),
    );
  }
  if (conditions.length === 0) return undefined;
  return exists(
    sql`(select 1 from ${bookingLegs} left join ${sailings} on ${sailings.id} = ${bookingLegs.sailingId} where ${bookingLegs.bookingId} = ${bookings.id} and ${and(...conditions)})`,
  );
}

/**
 * The console's booking search: any booking a key of the box finds (domain/booking-search.ts) that the filters
 * keep, newest first. An empty box with no filter lists the newest bookings; a box that says nothing finds none.
 */
export async function searchBookings(db: Database, query: BookingQuery, now: Date): Promise<FoundBooking[]> {
  const where: (SQL | undefined)[] = [];
  const text = query.text?.trim() ?? '';
  if (text !== '') {
    const keys = searchKeys(text);
    if (keys.length === 0) return [];
    where.push(or(...keys.map(keyCondition)));
  }
  if (query.state) where.push(stateCondition(query.state, now));
  if (query.money) where.push(moneyCondition(query.money));
  where.push(legCondition(query));
  const rows = await db
    .select({
      id: bookings.id,
      code: bookings.code,
      status: bookings.status,
      expiresAt: bookings.expiresAt,
      contactName: bookings.contactName,
      contactEmail: bookings.contactEmail,
      price: bookings.price,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .where(and(...where))
    .orderBy(desc(bookings.createdAt))
    .limit(Math.min(query.limit ?? 50, 200));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [ticketRows, legRows] = await Promise.all([
    db
      .select({ bookingId: tickets.bookingId, ticketNumber: tickets.ticketNumber, status: tickets.status })
      .from(tickets)
      .where(inArray(tickets.bookingId, ids)),
    db
      .select({
        bookingId: bookingLegs.bookingId,
        routeId: bookingLegs.routeId,
        departsAt: sailings.departsAt,
      })
      .from(bookingLegs)
      .innerJoin(sailings, eq(sailings.id, bookingLegs.sailingId))
      .where(inArray(bookingLegs.bookingId, ids))
      .orderBy(sailings.departsAt),
  ]);
  return rows.map((row) => {
    const leg = legRows.find((candidate) => candidate.bookingId === row.id);
    return {
      id: row.id,
      code: row.code,
      state: bookingStateOf(
        row,
        ticketRows.filter((ticket) => ticket.bookingId === row.id),
        now,
      ),
      contactName: row.contactName,
      contactEmail: row.contactEmail,
      total: row.price.total,
      createdAt: row.createdAt,
      firstSailing: leg ? { routeId: leg.routeId, departsAt: leg.departsAt } : null,
    };
  });
}
