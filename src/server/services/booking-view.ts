import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
import { segmentTravelled } from '../../domain/after-sales.ts';
import { portTime } from '../../domain/port-time.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Database } from '../db/client.ts';
import { bookingLegs, bookingPassengers, bookings } from '../db/schema/bookings.ts';
import { sailings } from '../db/schema/network.ts';
import {
  cancellationRefundReasons,
  paymentReceipts,
  payments,
  refunds,
  tickets,
} from '../db/schema/payments.ts';
import type { Network } from '../network.ts';
import type { BookingStatus } from '../../domain/booking-lifecycle.ts';
import type { BookingLegView, BookingView, PassengerView, TicketView } from './booking-view-types.ts';
import { paymentView } from './payment-view.ts';

// The view's shapes have their own file; importing them from here still works.
export type * from './booking-view-types.ts';

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
        noticeEn: sailings.noticeEn,
        noticeId: sailings.noticeId,
        scheduledDepartsAt: sailings.scheduledDepartsAt,
        delayedAt: sailings.delayedAt,
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
    // The attempt that paid, else the newest one actually issued and still its own: one still at the gateway, one it
    // refused, or one another method replaced (closed at the gateway soon) has nothing to show.
    db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.bookingId, id),
          sql`coalesce(${payments.accountNumber}, ${payments.checkoutUrl}, ${payments.qrString}) is not null`,
          notInArray(payments.status, ['replaced', 'failed']),
        ),
      )
      .orderBy(sql`${payments.status} = 'paid' desc`, desc(payments.createdAt))
      .limit(1),
    // With the method of the payment each goes back to (a second payment's may differ from the one that counted).
    db
      .select({ refund: refunds, method: payments.method })
      .from(refunds)
      .leftJoin(paymentReceipts, eq(paymentReceipts.id, refunds.receiptId))
      .leftJoin(payments, eq(payments.id, paymentReceipts.paymentId))
      .where(eq(refunds.bookingId, id))
      .orderBy(asc(refunds.createdAt)),
  ]);
  const legView = (leg: (typeof legs)[number]): BookingLegView => {
    const route = network.routeById(leg.routeId);
    if (!route) throw new Error(`booking ${id} names unknown route ${leg.routeId}`);
    const { from, to } = network.ends(route);
    const notice = locale === 'id' ? leg.noticeId : leg.noticeEn;
    return {
      leg: leg.leg,
      segment: leg.segment,
      routeId: leg.routeId,
      operatorCode: leg.operatorCode,
      ...(leg.sailingId ? { sailingId: leg.sailingId } : {}),
      sailingCancelled: leg.sailingStatus === 'cancelled',
      ...(notice ? { sailingNotice: notice } : {}),
      ...(leg.scheduledDepartsAt ? { delayedFrom: portTime(leg.scheduledDepartsAt, from.timeZone) } : {}),
      ...(leg.delayedAt ? { delayedAt: leg.delayedAt.toISOString() } : {}),
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
      ...(p.nationality ? { nationality: p.nationality } : {}),
      ...(p.sex ? { sex: p.sex } : {}),
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
    ...(payment ? { payment: paymentView(payment) } : {}),
    refundsQueued: refundRows
      .filter(({ refund: r }) => !cancellationRefundReasons.includes(r.reason))
      .reduce((sum, { refund: r }) => sum + r.amount, 0),
    refunds: refundRows.map(({ refund: r, method }) => ({
      amount: r.amount,
      reason: r.reason,
      status: r.status,
      ticketNumbers: r.ticketNumbers,
      ...(r.dueOn ? { dueOn: r.dueOn } : {}),
      ...(r.paidAt ? { paidAt: r.paidAt } : {}),
      ...(r.transferReference ? { transferReference: r.transferReference } : {}),
      path: r.path,
      ...(method ? { method } : {}),
      ...(r.gatewayState ? { gatewayState: r.gatewayState } : {}),
    })),
  };
}
