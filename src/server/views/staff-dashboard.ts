import { agencyTime, agencyToday } from '../../domain/agency.ts';
import { isOn, plainText, type LiveAnnouncement } from '../../domain/announcements.ts';
import {
  barChart,
  dashboardWeek,
  salesSummary,
  seatsPerRoute,
  type SeatTotals,
  type TodayAndWeek,
} from '../../domain/dashboard.ts';
import { bankNames, type PaymentBank } from '../../domain/payment-banks.ts';
import { freeSeats, loadFactor } from '../../domain/sailing-load.ts';
import { formatDayDate, formatPortTime, formatRupiah, formatShortDate } from '../../i18n/format.ts';
import { intlTags, localizePath, type Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';
import type { Database } from '../db/client.ts';
import type { Network } from '../network.ts';
import { publishedAnnouncements } from '../services/announcements.ts';
import { departuresOn, madePerDay, paidPerDay, type DepartureLoad } from '../services/dashboard.ts';
import type { AgencyCalendar } from '../use-cases/ports.ts';
import { refundQueue, type QueuedRefund } from '../use-cases/refund-queue.ts';
import { routeNames } from './staff-booking.ts';
import type { ChartView, DashboardView, SalesLine, SeatsLine } from './staff-dashboard-types.ts';

export type * from './staff-dashboard-types.ts';

/**
 * The manager's dashboard at `now`, gathered in a few queries and worded for `locale`: from the database, the
 * network's names and zones, and the calendar refunds fall due by.
 */
export async function staffDashboard(
  context: { db: Database; network: Network; calendar: AgencyCalendar; now: Date },
  locale: Locale,
  options: { admin: boolean },
): Promise<DashboardView> {
  const { db, network, calendar, now } = context;
  const today = agencyToday(now);
  const days = dashboardWeek(today);
  const [paid, made, departures, owed, published] = await Promise.all([
    paidPerDay(db, days),
    madePerDay(db, days),
    departuresOn(db, network, today, now),
    refundQueue({ db, calendar }, now),
    publishedAnnouncements(db, now),
  ]);
  const words = wording(network, locale);
  const sales = salesSummary(paid, made, days);
  const line = (name: string, figures: TodayAndWeek): SalesLine => ({
    name,
    todayBookings: words.count(figures.today.bookings),
    todayRevenue: formatRupiah(figures.today.revenue, locale),
    weekBookings: words.count(figures.week.bookings),
    weekRevenue: formatRupiah(figures.week.revenue, locale),
  });
  return {
    lead: translate('staff_dash_lead', locale, { date: formatDayDate(today, locale) }),
    revenueToday: formatRupiah(sales.today.revenue, locale),
    paidToday: translate('staff_dash_paid_count', locale, { count: words.count(sales.today.bookings) }),
    revenueWeek: formatRupiah(sales.week.revenue, locale),
    paidWeek: translate('staff_dash_paid_count', locale, { count: words.count(sales.week.bookings) }),
    madeToday: words.count(sales.perDay.at(-1)?.made ?? 0),
    refunds: refundLines(owed, locale),
    announcements: {
      items: published
        .filter((announcement) => isOn(announcement, now))
        .sort((a, b) => a.endsAt.getTime() - b.endsAt.getTime())
        .map((announcement) => announcementLine(announcement, words, locale)),
      href: options.admin ? localizePath('/staff/announcements', locale) : undefined,
    },
    departures: departureLines(departures, words, now, locale),
    chart: revenueChart(sales.perDay, locale),
    days: sales.perDay.map((day) => ({
      day: formatShortDate(day.day, locale),
      bookings: words.count(day.bookings),
      revenue: formatRupiah(day.revenue, locale),
      made: words.count(day.made),
    })),
    anySales: sales.week.bookings > 0,
    routes: sales.perRoute.map((route) => line(words.route(route.routeId), route)),
    channels: sales.perChannel.map((channel) => line(words.channel(channel.channel), channel)),
    total: line(translate('staff_dash_total', locale), sales),
  };
}

type Words = ReturnType<typeof wording>;

/** Numbers, percents and names in the reader's language. */
function wording(network: Network, locale: Locale) {
  const numbers = new Intl.NumberFormat(intlTags[locale]);
  const percents = new Intl.NumberFormat(intlTags[locale], { style: 'percent' });
  const names = routeNames(network, locale);
  return {
    count: (value: number) => numbers.format(value),
    percent: (value: number) => percents.format(value / 100),
    route: (routeId: string) => names.get(routeId) ?? routeId,
    operator: (code: string) => network.operatorName(code),
    channel: (channel: PaymentBank | null) =>
      channel ? bankNames[channel] : translate('staff_dash_channel_none', locale),
  };
}

/** The refunds owed, due and overdue apart, each with its count and sum; transfers that came back, if any. */
function refundLines(owed: readonly QueuedRefund[], locale: Locale): DashboardView['refunds'] {
  const of = (state: QueuedRefund['state']) => owed.filter((refund) => refund.state === state);
  const sum = (refunds: readonly QueuedRefund[]) =>
    refunds.reduce((total, refund) => total + refund.amount, 0);
  const [due, overdue, failed] = [of('due'), of('overdue'), of('failed')];
  return {
    due: translate('staff_dash_refunds_due', locale, {
      count: due.length,
      total: formatRupiah(sum(due), locale),
    }),
    overdue: translate('staff_dash_refunds_overdue', locale, {
      count: overdue.length,
      total: formatRupiah(sum(overdue), locale),
    }),
    failed:
      failed.length > 0
        ? translate('staff_dash_refunds_failed', locale, { count: failed.length })
        : undefined,
    late: overdue.length > 0,
    href: localizePath('/staff/refunds', locale),
  };
}

function announcementLine(announcement: LiveAnnouncement, words: Words, locale: Locale) {
  return {
    warning: announcement.level === 'warning',
    level: translate(`announcement_level_${announcement.level}`, locale),
    where:
      announcement.placement === 'route' && announcement.routeId
        ? words.route(announcement.routeId)
        : translate(`announcement_placement_${announcement.placement}`, locale),
    until: translate('staff_dash_until', locale, {
      time: formatPortTime(agencyTime(announcement.endsAt), locale),
    }),
    excerpt: plainText(announcement.html[locale]).slice(0, 140),
  };
}

function seatsLine(seats: Pick<SeatTotals, 'capacity' | 'sold' | 'held'>, words: Words): SeatsLine {
  const percent = loadFactor(seats);
  return {
    sold: words.count(seats.sold),
    held: words.count(seats.held),
    capacity: words.count(seats.capacity),
    load: words.percent(percent),
    percent: Math.min(100, percent),
  };
}

/** Today's departures: the day in one sentence, each route's seats and next departure, and every sailing. */
function departureLines(
  departures: readonly DepartureLoad[],
  words: Words,
  now: Date,
  locale: Locale,
): DashboardView['departures'] {
  const seats = seatsPerRoute(departures);
  const clock = (departure: DepartureLoad) => `${departure.local.time} ${departure.local.zone}`;
  return {
    summary:
      departures.length === 0
        ? translate('staff_dash_departures_none', locale)
        : translate('staff_dash_departures_summary', locale, {
            count: words.count(seats.all.departures),
            sold: words.count(seats.all.sold),
            capacity: words.count(seats.all.capacity),
            load: words.percent(loadFactor(seats.all)),
            held: words.count(seats.all.held),
          }),
    cancelled:
      seats.all.cancelled > 0
        ? translate('staff_dash_departures_cancelled', locale, { count: seats.all.cancelled })
        : undefined,
    routes: seats.perRoute.map((route) => {
      const next = departures.find(
        (departure) =>
          departure.routeId === route.routeId &&
          departure.status === 'scheduled' &&
          departure.departsAt > now,
      );
      return {
        route: words.route(route.routeId),
        departures: words.count(route.departures),
        next: next ? clock(next) : translate('staff_dash_none_left', locale),
        cancelled: route.cancelled,
        ...seatsLine(route, words),
      };
    }),
    all: departures.map((departure) => ({
      href: localizePath(`/staff/sailings/${departure.id}`, locale),
      time: clock(departure),
      route: words.route(departure.routeId),
      operator: words.operator(departure.operatorCode),
      free: words.count(freeSeats(departure)),
      cancelled: departure.status === 'cancelled',
      ...seatsLine(departure, words),
    })),
  };
}

/** Revenue per day over the week: bars, the y axis in short numbers (`1.5M`, `1,5 jt`), the days under them. */
function revenueChart(perDay: readonly { day: string; revenue: number }[], locale: Locale): ChartView {
  const geometry = barChart(perDay.map((day) => day.revenue));
  const short = new Intl.NumberFormat(intlTags[locale], { notation: 'compact', maximumFractionDigits: 1 });
  // Under a bar, the weekday and the day of the month (`Thu 26`): the month would not fit a seventh of the width.
  const under = new Intl.DateTimeFormat(intlTags[locale], {
    weekday: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const labels = perDay.map((day) => under.format(new Date(`${day.day}T00:00:00Z`)));
  return {
    title: translate('staff_dash_chart_title', locale),
    description: perDay
      .map((day) => `${formatShortDate(day.day, locale)}: ${formatRupiah(day.revenue, locale)}`)
      .join('; '),
    width: geometry.frame.width,
    height: geometry.frame.height,
    left: geometry.frame.left,
    right: geometry.frame.width - geometry.frame.right,
    baseline: geometry.baseline,
    bars: geometry.bars.map((bar, i) => ({ ...bar, label: labels[i] ?? '' })),
    ticks: geometry.ticks.map((tick) => ({ y: tick.y, label: short.format(tick.value) })),
  };
}
