import { fromAgencyTime } from './agency.ts';
import { paymentBanks, type PaymentBank } from './payment-banks.ts';
import { addDays } from './port-time.ts';

/*
 * The manager's dashboard at `/staff`: the days its sales are read over, its totals per day, route and payment
 * channel, today's seats per route, and the geometry of its bar chart. Pure: server/services/dashboard.ts reads the
 * rows, server/views/staff-dashboard.ts words them.
 */

/** The week the dashboard reads: today and the six Batam days before it. */
export const DASHBOARD_DAYS = 7;

/**
 * The week as Batam dates, oldest first, ending `today`. A rolling week rather than one from Monday: each day has
 * the same six to compare with, and on a Monday the chart is not a single bar.
 */
export function dashboardWeek(today: string): string[] {
  return Array.from({ length: DASHBOARD_DAYS }, (_, i) => addDays(today, i - DASHBOARD_DAYS + 1));
}

/** The instants each Batam day of `days` starts at, then the end of the last one: one more instant than days. */
export function dayBounds(days: readonly string[]): Date[] {
  const last = days.at(-1);
  if (last === undefined) return [];
  return [...days, addDays(last, 1)].map((date) => fromAgencyTime({ date, time: '00:00' }));
}

/** Bookings paid and what they were charged (their priced total, the channel's fee included), in rupiah. */
export interface Figures {
  bookings: number;
  revenue: number;
}

/** Paid bookings of one Batam day, route (the outbound leg's) and channel; null when no paid attempt names one. */
export interface SalesRow extends Figures {
  day: string;
  routeId: string;
  channel: PaymentBank | null;
}

/** Bookings made (held, whatever became of them) on one Batam day. */
export interface MadeRow {
  day: string;
  made: number;
}

export interface TodayAndWeek {
  today: Figures;
  week: Figures;
}

export interface SalesSummary extends TodayAndWeek {
  /** Every day of the week, oldest first, days without sales at zero. */
  perDay: (Figures & { day: string; made: number })[];
  /** The routes with a sale in the week, the most revenue first. */
  perRoute: (TodayAndWeek & { routeId: string })[];
  /** Every bank the agency takes, in the payment step's order, then payments no attempt names, if any. */
  perChannel: (TodayAndWeek & { channel: PaymentBank | null })[];
}

const none = (): Figures => ({ bookings: 0, revenue: 0 });
const add = (to: Figures, row: Figures) => {
  to.bookings += row.bookings;
  to.revenue += row.revenue;
};

/** The totals of a week's rows (`days` from dashboardWeek, the last one today); rows of other days are left out. */
export function salesSummary(
  rows: readonly SalesRow[],
  made: readonly MadeRow[],
  days: readonly string[],
): SalesSummary {
  const today = days.at(-1);
  const inWeek = rows.filter((row) => days.includes(row.day));
  const totals = (of: readonly SalesRow[]): TodayAndWeek => {
    const figures = { today: none(), week: none() };
    for (const row of of) {
      add(figures.week, row);
      if (row.day === today) add(figures.today, row);
    }
    return figures;
  };
  const routeIds = [...new Set(inWeek.map((row) => row.routeId))];
  const channels: (PaymentBank | null)[] = [
    ...paymentBanks,
    ...(inWeek.some((row) => row.channel === null) ? [null] : []),
  ];
  return {
    ...totals(inWeek),
    perDay: days.map((day) => {
      const figures = none();
      for (const row of inWeek) if (row.day === day) add(figures, row);
      const madeThatDay = made.filter((row) => row.day === day).reduce((sum, row) => sum + row.made, 0);
      return { day, ...figures, made: madeThatDay };
    }),
    perRoute: routeIds
      .map((routeId) => ({ routeId, ...totals(inWeek.filter((row) => row.routeId === routeId)) }))
      .sort((a, b) => b.week.revenue - a.week.revenue || a.routeId.localeCompare(b.routeId)),
    perChannel: channels.map((channel) => ({
      channel,
      ...totals(inWeek.filter((row) => row.channel === channel)),
    })),
  };
}

/** A sailing's seats as the dashboard adds them up (services/sailing-loads.ts reads them). */
export interface SailingSeats {
  routeId: string;
  capacity: number;
  sold: number;
  held: number;
  status: 'scheduled' | 'cancelled';
}

/** A route's (or the day's) departures and seats; a cancelled sailing is counted apart, its seats in none. */
export interface SeatTotals {
  departures: number;
  cancelled: number;
  capacity: number;
  sold: number;
  held: number;
}

function seatTotals(sailings: readonly SailingSeats[]): SeatTotals {
  const running = sailings.filter((sailing) => sailing.status === 'scheduled');
  const sum = (pick: (sailing: SailingSeats) => number) =>
    running.reduce((total, sailing) => total + pick(sailing), 0);
  return {
    departures: running.length,
    cancelled: sailings.length - running.length,
    capacity: sum((s) => s.capacity),
    sold: sum((s) => s.sold),
    held: sum((s) => s.held),
  };
}

/** The day's seats in all and per route, routes in the order their first sailing comes in `sailings`. */
export function seatsPerRoute(sailings: readonly SailingSeats[]): {
  all: SeatTotals;
  perRoute: (SeatTotals & { routeId: string })[];
} {
  const routeIds = [...new Set(sailings.map((sailing) => sailing.routeId))];
  return {
    all: seatTotals(sailings),
    perRoute: routeIds.map((routeId) => ({
      routeId,
      ...seatTotals(sailings.filter((sailing) => sailing.routeId === routeId)),
    })),
  };
}

/**
 * Round steps for a y axis from 0 to at least `max`: 1, 2 or 5 times a power of ten, whole numbers (rupiah and
 * bookings have no fractions), about `count` of them. Nothing to show (0) is one tick, 0.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, ([1, 2, 5, 10].find((factor) => factor * power >= raw) ?? 10) * power);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

/** The drawing's size in SVG units and the margins around its plot (the y axis's labels left, the days' below). */
export interface ChartFrame {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const CHART_FRAME: ChartFrame = { width: 480, height: 200, left: 56, right: 4, top: 10, bottom: 24 };

export interface ChartBar {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Where the bar's label is centred, under the plot. */
  middle: number;
}

export interface BarChartGeometry {
  frame: ChartFrame;
  /** The plot's bottom, where every bar stands, and its top (the highest tick). */
  baseline: number;
  ceiling: number;
  bars: ChartBar[];
  ticks: { value: number; y: number }[];
}

const tenth = (value: number) => Math.round(value * 10) / 10;

/**
 * One bar per value, scaled so the highest tick is the plot's top. A value above 0 is at least one unit high, so a
 * day with a sale never reads as a day without.
 */
export function barChart(values: readonly number[], frame: ChartFrame = CHART_FRAME): BarChartGeometry {
  const baseline = frame.height - frame.bottom;
  const plotHeight = baseline - frame.top;
  const ticks = niceTicks(Math.max(0, ...values));
  const top = ticks.at(-1) ?? 0;
  const scale = (value: number) => (top > 0 ? (value / top) * plotHeight : 0);
  const slot = (frame.width - frame.left - frame.right) / Math.max(1, values.length);
  return {
    frame,
    baseline,
    ceiling: frame.top,
    bars: values.map((value, i) => {
      const height = value > 0 ? Math.max(1, tenth(scale(value))) : 0;
      return {
        x: tenth(frame.left + i * slot + slot * 0.2),
        y: tenth(baseline - height),
        width: tenth(slot * 0.6),
        height,
        middle: tenth(frame.left + i * slot + slot / 2),
      };
    }),
    ticks: ticks.map((value) => ({ value, y: tenth(baseline - scale(value)) })),
  };
}
