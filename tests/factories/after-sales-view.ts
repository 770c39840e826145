import type { PriceComponents } from '../../src/domain/pricing.ts';
import type { BookingView, TicketView } from '../../src/server/services/booking-view.ts';
import { batamHarbourFrontLegs } from './booking-view.ts';

/** Hand-built booking views for the after-sales offers, pages and mails, at moments around their outbound sailing. */

const components = (total: number): PriceComponents => ({
  ticket: total,
  terminalFee: 0,
  surcharge: 0,
  total,
});
const legPrice = (adult: number, child: number) => ({
  perPassenger: { adult: components(adult), child: components(child), infant: components(95_000) },
  subtotal: components(adult + child),
});
export const ticket = (ticketNumber: string, leg: number, changes: Partial<TicketView> = {}): TicketView => ({
  ...{ leg, segment: 0, ticketNumber, status: 'active', counterFee: 0 },
  ...changes,
});
const person = { passportNumber: 'X1234567', passportIssued: '2022-01-10', passportExpiry: '2032-01-09' };

/**
 * A paid two-way booking for an adult and a child: out Sunday 6 December 2026, 08:00 WIB, back Tuesday 8 December,
 * 10:00 SGT. `oneWay` keeps only the outbound.
 */
export function paidView(options: { adult?: Partial<TicketView>; oneWay?: boolean } = {}): BookingView {
  const legs = batamHarbourFrontLegs(
    { date: '2026-12-06', departs: '08:00', arrives: '09:50', operator: 'Majestic Fast Ferry' },
    { date: '2026-12-08', departs: '10:00', arrives: '10:00', operator: 'Majestic Fast Ferry' },
  ).map((leg, index) => ({ ...leg, sailingId: `sailing-${String(index)}` }));
  const count = options.oneWay ? 1 : 2;
  return {
    ...{
      id: 'bk_1',
      code: 'K7M4QX',
      status: 'paid',
      trip: options.oneWay ? 'one_way' : 'two_way',
      locale: 'en',
    },
    party: { adult: 1, child: 1, infant: 0 },
    ...{
      expiresAt: null,
      paidAt: new Date('2026-11-20T03:12:00Z'),
      createdAt: new Date('2026-11-20T02:40:00Z'),
    },
    price: {
      legs: [legPrice(645_000, 600_000), legPrice(640_000, 590_000)].slice(0, count),
      transactionFee: 4_500,
      total: 2_479_500,
    },
    legs: legs.slice(0, count),
    contact: { fullName: 'Siti Rahma', email: 'siti@example.com', phone: '+6281234567890' },
    passengers: [
      {
        ...{ position: 0, category: 'adult', fullName: 'Siti Rahma', passportCountry: 'ID', ...person },
        tickets: [ticket('A0', 0, options.adult), ticket('A1', 1)].slice(0, count),
      },
      {
        ...{ position: 1, category: 'child', fullName: 'Budi', passportCountry: 'ID', ...person },
        tickets: [ticket('C0', 0), ticket('C1', 1)].slice(0, count),
      },
    ],
    refundsQueued: 0,
    refunds: [],
  };
}

/** The same booking as an open ticket not claimed yet: its one leg names no sailing. */
export function openTicketView(): BookingView {
  const view = paidView({ oneWay: true });
  const [leg] = view.legs;
  if (!leg) throw new Error('no leg');
  const { routeId, operatorCode, fromCode, toCode, from, to, operator } = leg;
  const waiting = { leg: 0, segment: 0, routeId, operatorCode, sailingCancelled: false };
  return { ...view, trip: 'open', legs: [{ ...waiting, fromCode, toCode, from, to, operator }] };
}

/** The outbound's departure, and a moment `minutes` before it. */
export const departsAt = new Date('2026-12-06T01:00:00Z');
export const before = (minutes: number) => new Date(departsAt.getTime() - minutes * 60_000);
/** The view once the operator cancelled its sailings. */
export const cancelledByOperator = (view: BookingView): BookingView => ({
  ...view,
  legs: view.legs.map((leg) => ({ ...leg, sailingCancelled: true })),
});
