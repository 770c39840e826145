import { BOOKING_ID_PATTERN } from '../../../domain/booking-code.ts';
import { CHECK_IN_CLOSES_MINUTES_BEFORE } from '../../../domain/boarding.ts';
import { localizePath, type Locale } from '../../../i18n/locales.ts';
import { translate } from '../../../i18n/translate.ts';
import { agencyOffice } from '../../agency-contacts.ts';
import { calendarFile, type CalendarEvent } from '../../documents/calendar.ts';
import type { AppDeps } from '../../deps.ts';
import { bookingView } from '../../services/booking-view.ts';
import {
  calendarLeg,
  formatClock,
  tripCard,
  type TripCardLeg,
  type TripCardSailing,
} from '../../views/trip-card.ts';

/** Reminded this long before check-in closes: time to get to the terminal. */
const REMINDER_MINUTES_BEFORE_CHECK_IN = 60;

const LEG_NUMBER = /^[1-9][0-9]?$/;

type CalendarDeps = Pick<AppDeps, 'database' | 'network' | 'clock' | 'siteUrl'>;

/** One leg of a paid booking as a calendar event, in `locale`: departure to arrival, the deadlines in its text. */
export function legEvent(
  leg: TripCardLeg & { sailing: TripCardSailing },
  code: string,
  options: { locale: Locale; siteUrl: string; now: Date },
): CalendarEvent {
  const { locale } = options;
  const t = (key: Parameters<typeof translate>[0], params?: Record<string, string>) =>
    translate(key, locale, params);
  const { sailing, terminal } = leg;
  const site = options.siteUrl.replace(/\/+$/, '');
  const office = agencyOffice();
  return {
    uid: `${code}-leg-${String(leg.number)}@${new URL(site).host}`,
    stamp: options.now,
    start: sailing.departsAt,
    end: sailing.arrivesAt,
    summary: t('trip_ics_summary', { from: leg.from, to: leg.to, code }),
    location: `${terminal.name}, ${terminal.counter?.address ?? terminal.address}`,
    description: [
      `${t('booking_code_label')}: ${code}`,
      `${t('trip_check_in_closes')}: ${formatClock(sailing.checkInCloses)}`,
      `${t('trip_gate_closes')}: ${formatClock(sailing.gateCloses)}`,
      terminal.counter
        ? `${t('trip_counter')}: ${terminal.counter.address} (${terminal.counter.phone})`
        : t('trip_operator_counter', { operator: leg.operator }),
      `${t('route_col_operator')}: ${leg.operator}`,
      `${t('trip_mail_help')} ${office.phone}${office.whatsapp ? `, WhatsApp ${office.whatsapp}` : ''}`,
    ],
    // The check-order page, not the booking's own address: a calendar is easily shared, the booking id gives access.
    url: `${site}${localizePath('/booking/check-order', locale)}`,
    alarm: {
      minutesBefore: CHECK_IN_CLOSES_MINUTES_BEFORE + REMINDER_MINUTES_BEFORE_CHECK_IN,
      text: t('trip_ics_alarm', { time: formatClock(sailing.checkInCloses) }),
    },
  };
}

/**
 * `/booking/{id}/leg-{n}.ics`: the n-th leg of a paid booking as a calendar file, in the address's language. Like
 * the e-tickets, 404 until the booking is paid (the unguessable id is what gives access), and 404 for an open
 * ticket's leg, which has no sailing yet.
 */
export async function legCalendarResponse(
  deps: CalendarDeps,
  id: string | undefined,
  legNumber: string | undefined,
  locale: Locale,
): Promise<Response> {
  const notFound = () => new Response('Not found', { status: 404 });
  if (!id || !BOOKING_ID_PATTERN.test(id) || !legNumber || !LEG_NUMBER.test(legNumber)) return notFound();
  const view = await bookingView(await deps.database(), deps.network, id, locale);
  if (view?.status !== 'paid') return notFound();
  const leg = calendarLeg(tripCard(view, deps.network, locale), Number(legNumber));
  if (!leg) return notFound();
  const event = legEvent(leg, view.code, { locale, siteUrl: deps.siteUrl, now: deps.clock() });
  return new Response(calendarFile(event, `-//Segara Ferry//Trip card//${locale.toUpperCase()}`), {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="segara-ferry-${view.code}-leg-${legNumber}.ics"`,
      'Cache-Control': 'private, no-store',
      'Referrer-Policy': 'no-referrer',
    },
  });
}
