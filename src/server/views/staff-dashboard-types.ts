// What the console's dashboard shows (views/staff-dashboard.ts builds it), in the reader's language.

/** A row of the sales tables (per route, per channel, and their total): counts and rupiah, worded. */
export interface SalesLine {
  name: string;
  todayBookings: string;
  todayRevenue: string;
  weekBookings: string;
  weekRevenue: string;
}

/** Seats as a row shows them; `percent` (0 to 100) is how long its bar is drawn. */
export interface SeatsLine {
  sold: string;
  held: string;
  capacity: string;
  load: string;
  percent: number;
}

export interface DepartureLine extends SeatsLine {
  /** The sailing's console page. */
  href: string;
  /** `06:00 WIB`: on its own departure terminal's clock. */
  time: string;
  route: string;
  operator: string;
  free: string;
  cancelled: boolean;
}

export interface RouteSeatsLine extends SeatsLine {
  route: string;
  departures: string;
  /** The next scheduled departure after now, `14:00 SGT`, or words saying none is left. */
  next: string;
  cancelled: number;
}

/** The bar chart's drawing (components/staff/StaffBarChart.astro), in SVG units, with its words. */
export interface ChartView {
  title: string;
  /** Every bar's label and value, for readers of the picture's text alternative. */
  description: string;
  width: number;
  height: number;
  left: number;
  right: number;
  baseline: number;
  bars: { x: number; y: number; width: number; height: number; middle: number; label: string }[];
  ticks: { y: number; label: string }[];
}

/** What the dashboard shows, in the reader's language. */
export interface DashboardView {
  lead: string;
  revenueToday: string;
  paidToday: string;
  revenueWeek: string;
  paidWeek: string;
  madeToday: string;
  refunds: { due: string; overdue: string; failed: string | undefined; late: boolean; href: string };
  announcements: {
    items: { warning: boolean; level: string; where: string; until: string; excerpt: string }[];
    /** The announcements' page, for admins (who alone may open it). */
    href: string | undefined;
  };
  departures: {
    summary: string;
    cancelled: string | undefined;
    routes: RouteSeatsLine[];
    all: DepartureLine[];
  };
  chart: ChartView;
  days: { day: string; bookings: string; revenue: string; made: string }[];
  anySales: boolean;
  routes: SalesLine[];
  channels: SalesLine[];
  total: SalesLine;
}
