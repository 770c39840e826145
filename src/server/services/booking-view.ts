import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { segmentTravelled } from '../../domain/after-sales.ts';
import type { BookingStatus, TicketStatus } from '../../domain/booking-lifecycle.ts';
import type { PassengerCategory } from '../../domain/passengers.ts';
import type { PaymentBank } from '../../domain/payment-banks.ts';
import { portTime } from '../../domain/port-time.ts';
import type { BookingPrice } from '../../domain/pricing.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Database } from '../db/client.ts';
import { bookingLegs, bookingPassengers, bookings } from '../db/schema/bookings.ts';
import { sailings } from '../db/schema/network.ts';
import {
  payments,
  refunds,
  tickets,
  type paymentStatuses,
  type refundReasons,
} from '../db/schema/payments.ts';
import type { Network } from '../network.ts';

export interface LocalTime {
  date: string;
  time: string;
  /** WIB, SGT, MYT: the zone of the terminal the time belongs to. */
  zone: string;
}

export interface BookingLegView {
  /** 0 outbound, 1 return. */
  leg: number;
  /** 0 as booked; a reschedule of some of the leg's passengers adds segments (tickets name theirs). */
  segment: number;
  routeId: string;
  operatorCode: string;
  /** Absent for an open ticket not claimed yet. */
  sailingId?: string;
  /** The operator cancelled the sailing: a free reschedule or a refund without fee. */
  sailingCancelled: boolean;
  /** Terminal codes (for QR payloads and links) and names in the reader's language. */
  fromCode: string;
  toCode: string;
  from: string;
  to: string;
  operator: string;
  /** Absent for an open ticket, which names no sailing until it is claimed. */
  departure?: LocalTime;
  arrival?: LocalTime;
  /** The same two moments as instants (ISO 8601), for deadlines and calendar files. */
  departsAt?: string;
  arrivesAt?: string;
}

export interface PassengerView {
  position: number;
  category: PassengerCategory;
  fullName: string;
  /** Missing only on bookings made before the booking flow asked for it. */
  dateOfBirth?: string;
  passportNumber: string;
  passportIssued: string;
  passportExpiry: string;
  passportCountry: string;
  /** Issued when the booking is paid. */
  eTicketNumber?: string;
  tickets: TicketView[];
}

export interface TicketView {
  leg: number;
  segment: number;
  ticketNumber: string;
  status: TicketStatus;
  /** Owed at the counter before boarding (a move onto another operator's sailing). */
  counterFee: number;
  /** The ticket this one replaced, when a reschedule issued it. */
  rescheduledFrom?: string;
}

/** The passenger's ticket on a leg's segment, unless it moved elsewhere (rescheduled) or was `cancelled` too. */
export function ticketOn(
  passenger: PassengerView,
  leg: Pick<BookingLegView, 'leg' | 'segment'>,
  options: { cancelled: boolean } = { cancelled: true },
): TicketView | undefined {
  return passenger.tickets.find(
    (t) =>
      t.leg === leg.leg &&
      t.segment === leg.segment &&
      t.status !== 'rescheduled' &&
      (options.cancelled || t.status !== 'cancelled'),
  );
}

export interface RefundView {
  amount: number;
  reason: (typeof refundReasons)[number];
  status: 'queued' | 'done';
  /** A cancellation's tickets (none for a payment that could not be honoured). */
  ticketNumbers: string[];
  /** The Batam date it is promised by (cancellations). */
  dueOn?: string;
  paidAt?: Date;
  /** The bank's reference of the transfer that paid it, as the agency recorded it. */
  transferReference?: string;
}

export interface PaymentView {
  bank: PaymentBank;
  /** The VA number; for Mandiri the bill key. */
  accountNumber: string;
  /** Mandiri bill payment's biller (company) code. */
  billerCode?: string;
  amount: number;
  status: (typeof paymentStatuses)[number];
  expiresAt: Date;
  paidAt?: Date;
  gateway: 'sandbox' | 'xendit';
}

export interface BookingView {
  id: string;
  code: string;
  status: BookingStatus;
  trip: 'one_way' | 'two_way' | 'open';
  /** The booking's own language: its e-mails and documents use it whatever page is reading it. */
  locale: Locale;
  party: { adult: number; child: number; infant: number };
  expiresAt: Date | null;
  paidAt: Date | null;
  createdAt: Date;
  price: BookingPrice;
  legs: BookingLegView[];
  /** The segments every passenger of which a reschedule moved on: what Manage booking says they moved from. */
  history?: BookingLegView[];
  contact?: { fullName: string; email: string; phone: string };
  passengers: PassengerView[];
  /** The latest virtual account issued, if any. */
  payment?: PaymentView;
  /** Money queued to go back from a payment that could not be honoured (late with seats gone, over-, under-paid). */
  refundsQueued: number;
  /** Every refund, oldest first, with its progress: what the order page shows. */
  refunds: RefundView[];
}

/** Only where a booking stands: what the payment page asks every few seconds, in one small query. */
export async function bookingStatus(
  db: Database,
  id: string,
): Promise<{ status: BookingStatus; expiresAt: Date | null } | undefined> {
  const [row] = await db
    .select({ status: bookings.status, expiresAt: bookings.expiresAt })
    .from(bookings)
    .where(eq(bookings.id, id));
  return row;
}

/** A booking as its pages, e-mails and documents show it, in `locale`; undefined when the id is unknown. */
export async function bookingView(
  db: Database,
  network: Network,
  id: string,
  locale: Locale,
): Promise<BookingView | undefined> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id));
  if (!booking) return undefined;
  const [legs, passengers, issued, [payment], refundRows] = await Promise.all([
    db
      .select({
        leg: bookingLegs.leg,
        segment: bookingLegs.segment,
        routeId: bookingLegs.routeId,
        operatorCode: bookingLegs.operatorCode,
        sailingId: bookingLegs.sailingId,
        sailingStatus: sailings.status,
        departsAt: sailings.departsAt,
        arrivesAt: sailings.arrivesAt,
      })
      .from(bookingLegs)
      .leftJoin(sailings, eq(sailings.id, bookingLegs.sailingId))
      .where(eq(bookingLegs.bookingId, id))
      .orderBy(asc(bookingLegs.leg), asc(bookingLegs.segment)),
    db
      .select()
      .from(bookingPassengers)
      .where(eq(bookingPassengers.bookingId, id))
      .orderBy(asc(bookingPassengers.position)),
    db
      .select()
      .from(tickets)
      .where(eq(tickets.bookingId, id))
      .orderBy(asc(tickets.leg), asc(tickets.segment)),
    // The newest VA actually issued: an attempt still at the gateway, or one it refused, has nothing to show.
    db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, id), isNotNull(payments.accountNumber)))
      .orderBy(desc(payments.createdAt))
      .limit(1),
    db.select().from(refunds).where(eq(refunds.bookingId, id)).orderBy(asc(refunds.createdAt)),
  ]);
  const legView = (leg: (typeof legs)[number]): BookingLegView => {
    const route = network.routeById(leg.routeId);
    if (!route) throw new Error(`booking ${id} names unknown route ${leg.routeId}`);
    const { from, to } = network.ends(route);
    return {
      leg: leg.leg,
      segment: leg.segment,
      routeId: leg.routeId,
      operatorCode: leg.operatorCode,
      ...(leg.sailingId ? { sailingId: leg.sailingId } : {}),
      sailingCancelled: leg.sailingStatus === 'cancelled',
      fromCode: from.id,
      toCode: to.id,
      from: from.name[locale],
      to: to.name[locale],
      operator: network.operatorName(leg.operatorCode),
      ...(leg.departsAt && leg.arrivesAt
        ? {
            departure: portTime(leg.departsAt, from.timeZone),
            arrival: portTime(leg.arrivesAt, to.timeZone),
            departsAt: leg.departsAt.toISOString(),
            arrivesAt: leg.arrivesAt.toISOString(),
          }
        : {}),
    };
  };
  return {
    id: booking.id,
    code: booking.code,
    status: booking.status,
    trip: booking.trip,
    locale: booking.locale,
    party: { adult: booking.adults, child: booking.children, infant: booking.infants },
    expiresAt: booking.expiresAt,
    paidAt: booking.paidAt,
    createdAt: booking.createdAt,
    price: booking.price,
    // A segment whose every passenger moved on to another sailing is history: the tickets keep it, the trip not.
    legs: legs.filter((leg) => segmentTravelled(leg, issued)).map(legView),
    history: legs.filter((leg) => !segmentTravelled(leg, issued)).map(legView),
    ...(booking.contactName && booking.contactEmail
      ? {
          contact: {
            fullName: booking.contactName,
            email: booking.contactEmail,
            phone: booking.contactPhone ?? '',
          },
        }
      : {}),
    passengers: passengers.map((p) => ({
      position: p.position,
      category: p.category,
      fullName: p.fullName,
      ...(p.dateOfBirth ? { dateOfBirth: p.dateOfBirth } : {}),
      passportNumber: p.passportNumber,
      passportIssued: p.passportIssued,
      passportExpiry: p.passportExpiry,
      passportCountry: p.passportCountry,
      ...(p.eTicketNumber ? { eTicketNumber: p.eTicketNumber } : {}),
      tickets: issued
        .filter((t) => t.position === p.position)
        .map((t) => ({
          leg: t.leg,
          segment: t.segment,
          ticketNumber: t.ticketNumber,
          status: t.status,
          counterFee: t.counterFee,
          ...(t.rescheduledFrom ? { rescheduledFrom: t.rescheduledFrom } : {}),
        })),
    })),
    ...(payment
      ? {
          payment: {
            bank: payment.bank,
            accountNumber: payment.accountNumber ?? '',
            ...(payment.billerCode ? { billerCode: payment.billerCode } : {}),
            amount: payment.amount,
            status: payment.status,
            expiresAt: payment.expiresAt,
            ...(payment.paidAt ? { paidAt: payment.paidAt } : {}),
            gateway: payment.gateway,
          },
        }
      : {}),
    refundsQueued: refundRows
      .filter((r) => r.reason !== 'cancellation' && r.reason !== 'operator_cancelled')
      .reduce((sum, r) => sum + r.amount, 0),
    refunds: refundRows.map((r) => ({
      amount: r.amount,
      reason: r.reason,
      status: r.status,
      ticketNumbers: r.ticketNumbers,
      ...(r.dueOn ? { dueOn: r.dueOn } : {}),
      ...(r.paidAt ? { paidAt: r.paidAt } : {}),
      ...(r.transferReference ? { transferReference: r.transferReference } : {}),
    })),
  };
}
