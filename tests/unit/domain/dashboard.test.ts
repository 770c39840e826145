import { describe, expect, it } from 'vitest';
import {
  barChart,
  CHART_FRAME,
  dashboardWeek,
  dayBounds,
  niceTicks,
  salesSummary,
  seatsPerRoute,
  type SalesRow,
} from '../../../src/domain/dashboard.ts';

const week = dashboardWeek('2026-11-21');

describe("the dashboard's week", () => {
  it('is today and the six Batam days before it, oldest first, across a month and a year', () => {
    expect(week).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
    expect(dashboardWeek('2027-01-02')).toEqual([
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });

  it("is bounded by Batam's midnights (17:00 UTC the day before), the end of today included", () => {
    const bounds = dayBounds(week);
    expect(bounds).toHaveLength(8);
    expect(bounds[0]?.toISOString()).toBe('2026-11-14T17:00:00.000Z');
    expect(bounds[6]?.toISOString()).toBe('2026-11-20T17:00:00.000Z');
    expect(bounds[7]?.toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(dayBounds([])).toEqual([]);
  });
});

const row = (
  day: string,
  routeId: string,
  channel: SalesRow['channel'],
  bookings: number,
  revenue: number,
) => ({
  day,
  routeId,
  channel,
  bookings,
  revenue,
});

describe("the week's sales", () => {
  const rows: SalesRow[] = [
    row('2026-11-21', 'btc-hfc', 'bni', 2, 800_000),
    row('2026-11-21', 'btc-hfc', 'mandiri', 1, 405_000),
    row('2026-11-21', 'hbb-hfc', 'bni', 1, 390_000),
    row('2026-11-18', 'btc-tmf', 'bri', 3, 1_500_000),
    row('2026-11-15', 'btc-hfc', null, 1, 400_000),
    // Paid the day before the week began: not this week's.
    row('2026-11-14', 'btc-hfc', 'bni', 9, 9_000_000),
  ];
  const made = [
    { day: '2026-11-21', made: 7 },
    { day: '2026-11-20', made: 2 },
    { day: '2026-11-14', made: 50 },
  ];
  const sales = salesSummary(rows, made, week);

  it("adds up today (the week's last day) and the week, leaving out days before it", () => {
    expect(sales.today).toEqual({ bookings: 4, revenue: 1_595_000 });
    expect(sales.week).toEqual({ bookings: 8, revenue: 3_495_000 });
  });

  it('gives every day of the week, those without sales at zero, with the bookings made', () => {
    expect(sales.perDay.map((day) => day.day)).toEqual(week);
    expect(sales.perDay[0]).toEqual({ day: '2026-11-15', bookings: 1, revenue: 400_000, made: 0 });
    expect(sales.perDay[1]).toEqual({ day: '2026-11-16', bookings: 0, revenue: 0, made: 0 });
    expect(sales.perDay[5]).toEqual({ day: '2026-11-20', bookings: 0, revenue: 0, made: 2 });
    expect(sales.perDay[6]).toEqual({ day: '2026-11-21', bookings: 4, revenue: 1_595_000, made: 7 });
  });

  it('totals each route sold this week, the most revenue first', () => {
    expect(sales.perRoute).toEqual([
      {
        routeId: 'btc-hfc',
        today: { bookings: 3, revenue: 1_205_000 },
        week: { bookings: 4, revenue: 1_605_000 },
      },
      {
        routeId: 'btc-tmf',
        today: { bookings: 0, revenue: 0 },
        week: { bookings: 3, revenue: 1_500_000 },
      },
      {
        routeId: 'hbb-hfc',
        today: { bookings: 1, revenue: 390_000 },
        week: { bookings: 1, revenue: 390_000 },
      },
    ]);
  });

  it('lists every bank in the payment step’s order, then payments no attempt names', () => {
    expect(sales.perChannel.map((c) => [c.channel, c.today.bookings, c.week.revenue])).toEqual([
      ['bni', 3, 1_190_000],
      ['bri', 0, 1_500_000],
      ['bsi', 0, 0],
      ['mandiri', 1, 405_000],
      ['permata', 0, 0],
      [null, 0, 400_000],
    ]);
    // Without such a payment, no line for it.
    expect(salesSummary(rows.slice(0, 4), [], week).perChannel.map((c) => c.channel)).not.toContain(null);
  });

  it('is all zeros for a week without sales', () => {
    const empty = salesSummary([], [], week);
    expect(empty.week).toEqual({ bookings: 0, revenue: 0 });
    expect(empty.perRoute).toEqual([]);
    expect(empty.perDay.every((day) => day.revenue === 0 && day.made === 0)).toBe(true);
  });
});

describe("today's seats", () => {
  const sailing = (
    routeId: string,
    sold: number,
    held: number,
    status: 'scheduled' | 'cancelled' = 'scheduled',
  ) => ({
    routeId,
    capacity: 100,
    sold,
    held,
    status,
  });

  it('adds up per route, in the order the routes first sail, a cancelled sailing counted apart', () => {
    const seats = seatsPerRoute([
      sailing('hfc-btc', 40, 5),
      sailing('btc-hfc', 90, 0),
      sailing('hfc-btc', 10, 2),
      sailing('hfc-btc', 30, 0, 'cancelled'),
    ]);
    expect(seats.all).toEqual({ departures: 3, cancelled: 1, capacity: 300, sold: 140, held: 7 });
    expect(seats.perRoute).toEqual([
      { routeId: 'hfc-btc', departures: 2, cancelled: 1, capacity: 200, sold: 50, held: 7 },
      { routeId: 'btc-hfc', departures: 1, cancelled: 0, capacity: 100, sold: 90, held: 0 },
    ]);
  });
});

describe("the chart's y axis", () => {
  it.each([
    [0, [0]],
    [-5, [0]],
    [1, [0, 1]],
    [3, [0, 1, 2, 3]],
    [7, [0, 2, 4, 6, 8]],
    [10, [0, 5, 10]],
    [1_234_000, [0, 500_000, 1_000_000, 1_500_000]],
    [3_495_000, [0, 1_000_000, 2_000_000, 3_000_000, 4_000_000]],
    [20_000_000, [0, 5_000_000, 10_000_000, 15_000_000, 20_000_000]],
  ])('from %d steps by 1, 2 or 5 times a power of ten, whole, to at least the highest: %j', (max, ticks) => {
    expect(niceTicks(max)).toEqual(ticks);
  });
});

describe("the chart's bars", () => {
  const { left, right, width, height, top, bottom } = CHART_FRAME;
  const baseline = height - bottom;
  const plot = baseline - top;

  it('scales each bar to the highest tick and stands it on the baseline', () => {
    const chart = barChart([0, 500_000, 1_234_000, 1_500_000]);
    expect(chart.ticks.map((tick) => tick.value)).toEqual([0, 500_000, 1_000_000, 1_500_000]);
    expect(chart.ticks[0]?.y).toBe(baseline);
    expect(chart.ticks.at(-1)?.y).toBe(top);
    expect(chart.bars.map((bar) => bar.height)).toEqual([
      0,
      Math.round((plot / 3) * 10) / 10,
      Math.round((1_234_000 / 1_500_000) * plot * 10) / 10,
      plot,
    ]);
    for (const bar of chart.bars) expect(bar.y + bar.height).toBeCloseTo(baseline, 5);
  });

  it('spreads the bars over the plot, one slot each, a bar in the middle of its slot', () => {
    const chart = barChart([1, 2, 3, 4, 5, 6, 7]);
    const slot = (width - left - right) / 7;
    expect(chart.bars[0]?.x).toBeCloseTo(left + slot * 0.2, 0);
    expect(chart.bars[0]?.width).toBeCloseTo(slot * 0.6, 0);
    expect(chart.bars[6]?.middle).toBeCloseTo(width - right - slot / 2, 0);
    expect((chart.bars[6]?.x ?? 0) + (chart.bars[6]?.width ?? 0)).toBeLessThan(width - right);
  });

  it('shows a sale however small beside a large one, and nothing at all as flat', () => {
    const chart = barChart([100_000_000, 1_000]);
    expect(chart.bars[1]?.height).toBe(1);
    const flat = barChart([0, 0, 0]);
    expect(flat.bars.every((bar) => bar.height === 0 && bar.y === baseline)).toBe(true);
    expect(flat.ticks).toEqual([{ value: 0, y: baseline }]);
  });
});
