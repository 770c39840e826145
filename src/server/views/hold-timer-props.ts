import { asc, eq } from 'drizzle-orm';
import * as m from '../../paraglide/messages.js';
import { HOLD_WARNING_MINUTES, keepSeatsRefusal } from '../../domain/booking-lifecycle.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { HoldTimerProps } from '../../islands/hold-timer/HoldTimer.tsx';
import type { Database } from '../db/client.ts';
import { bookingLegs, bookings } from '../db/schema/bookings.ts';
import type { BookingView } from '../services/booking-view.ts';

/**
 * What the booking page's hold timer needs: the expiry by the server's clock, whether "Keep my seats" is still
 * possible, and the fields that hold the same sailings again (the schedule page's own hold form) or search again.
 */
export async function holdTimerProps(
  db: Database,
  booking: BookingView & { expiresAt: Date },
  now: Date,
  locale: Locale,
  refused: boolean,
): Promise<HoldTimerProps> {
  const t = { locale };
  const [row] = await db
    .select({
      status: bookings.status,
      expiresAt: bookings.expiresAt,
      holdExtendedAt: bookings.holdExtendedAt,
    })
    .from(bookings)
    .where(eq(bookings.id, booking.id));
  const legs = await db
    .select({ sailingId: bookingLegs.sailingId, operatorCode: bookingLegs.operatorCode })
    .from(bookingLegs)
    .where(eq(bookingLegs.bookingId, booking.id))
    .orderBy(asc(bookingLegs.leg));
  const [out, back] = booking.legs;
  const party = {
    adults: String(booking.party.adult),
    children: String(booking.party.child),
    infants: String(booking.party.infant),
  };
  const searchFields: Record<string, string> = {
    from: out?.fromCode ?? '',
    to: out?.toCode ?? '',
    ...(out?.departure ? { date: out.departure.date } : {}),
    ...(back?.departure ? { returnDate: back.departure.date } : {}),
  };
  // The search goes along: a refused "hold again" (the seats went meanwhile) shows that search's results.
  const fields: Record<string, string> =
    booking.trip === 'open'
      ? {
          trip: 'open',
          from: out?.fromCode ?? '',
          to: out?.toCode ?? '',
          operator: legs[0]?.operatorCode ?? '',
          ...party,
        }
      : {
          trip: booking.trip,
          ...searchFields,
          out: legs[0]?.sailingId ?? '',
          ...(booking.trip === 'two_way' ? { ret: legs[1]?.sailingId ?? '' } : {}),
          ...party,
        };
  const search = new URLSearchParams({
    trip: booking.trip,
    from: out?.fromCode ?? '',
    to: out?.toCode ?? '',
    ...party,
  });
  if (out?.departure) search.set('date', out.departure.date);
  if (back?.departure) search.set('returnDate', back.departure.date);
  return {
    expiresAt: booking.expiresAt.toISOString(),
    serverNow: now.toISOString(),
    warnMs: HOLD_WARNING_MINUTES * 60_000,
    canKeep: row !== undefined && keepSeatsRefusal(row) === undefined,
    keepAction: `${localizePath(`/booking/${booking.id}`, locale)}?keep`,
    holdAgain: { action: localizePath('/booking/schedule', locale), fields },
    searchAgain: `${localizePath('/booking/schedule', locale)}?${search.toString()}`,
    refused,
    labels: {
      timeLeft: m.hold_time_left({}, t),
      warning: m.hold_warning({ minutes: String(HOLD_WARNING_MINUTES) }, t),
      keep: m.hold_keep_seats({}, t),
      lapsed: m.hold_lapsed({}, t),
      holdAgain: m.hold_again({}, t),
      searchAgain: m.booking_search_again({}, t),
    },
  };
}
