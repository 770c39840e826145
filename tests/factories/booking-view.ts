import type { BookingLegView } from '../../src/server/services/booking-view.ts';

interface LegTimes {
  date: string;
  departs: string;
  arrives: string;
  operator: string;
}

/** A local wall clock at a terminal `offset` hours ahead of UTC (WIB 7, SGT 8), as an ISO instant. */
function instant(date: string, time: string, offset: number): string {
  return new Date(Date.parse(`${date}T${time}:00Z`) - offset * 3_600_000).toISOString();
}

/**
 * The legs of a hand-built two-way BookingView: Batam Centre (WIB) to HarbourFront (SGT) and back, at the given
 * local times (arrival on the same date).
 */
export function batamHarbourFrontLegs(out: LegTimes, back: LegTimes): BookingLegView[] {
  return [
    {
      leg: 0,
      segment: 0,
      routeId: 'btc-hfc',
      operatorCode: 'SEX',
      sailingCancelled: false,
      fromCode: 'BTC',
      toCode: 'HFC',
      from: 'Batam Centre',
      to: 'HarbourFront',
      operator: out.operator,
      departure: { date: out.date, time: out.departs, zone: 'WIB' },
      arrival: { date: out.date, time: out.arrives, zone: 'SGT' },
      departsAt: instant(out.date, out.departs, 7),
      arrivesAt: instant(out.date, out.arrives, 8),
    },
    {
      leg: 1,
      segment: 0,
      routeId: 'hfc-btc',
      operatorCode: 'SEX',
      sailingCancelled: false,
      fromCode: 'HFC',
      toCode: 'BTC',
      from: 'HarbourFront',
      to: 'Batam Centre',
      operator: back.operator,
      departure: { date: back.date, time: back.departs, zone: 'SGT' },
      arrival: { date: back.date, time: back.arrives, zone: 'WIB' },
      departsAt: instant(back.date, back.departs, 8),
      arrivesAt: instant(back.date, back.arrives, 7),
    },
  ];
}
