import {
  passengerCategories,
  type ByCategory,
  type PassengerCategory,
  type PassengerCounts,
} from './passengers.ts';

/** What one leg costs per passenger, by category, in integer rupiah. */
export interface LegTariff {
  ticket: ByCategory<number>;
  /** Charged by the departure terminal (e.g. Batam passenger pass). */
  terminalFee: ByCategory<number>;
  /** Fuel surcharge of the departure terminal. */
  surcharge: ByCategory<number>;
}

export interface PriceComponents {
  ticket: number;
  terminalFee: number;
  surcharge: number;
  total: number;
}

export interface LegPrice {
  perPassenger: ByCategory<PriceComponents>;
  /** All passengers of the party on this leg. */
  subtotal: PriceComponents;
}

export interface BookingPrice {
  legs: LegPrice[];
  /** Charged once per booking by the payment channel. */
  transactionFee: number;
  total: number;
}

const zero: PriceComponents = { ticket: 0, terminalFee: 0, surcharge: 0, total: 0 };

function add(a: PriceComponents, b: PriceComponents, times = 1): PriceComponents {
  return {
    ticket: a.ticket + b.ticket * times,
    terminalFee: a.terminalFee + b.terminalFee * times,
    surcharge: a.surcharge + b.surcharge * times,
    total: a.total + b.total * times,
  };
}

export function priceLeg(tariff: LegTariff, counts: PassengerCounts): LegPrice {
  const perPassenger = Object.fromEntries(
    passengerCategories.map((category) => {
      const ticket = tariff.ticket[category];
      const terminalFee = tariff.terminalFee[category];
      const surcharge = tariff.surcharge[category];
      return [category, { ticket, terminalFee, surcharge, total: ticket + terminalFee + surcharge }];
    }),
  ) as ByCategory<PriceComponents>;
  const subtotal = passengerCategories.reduce(
    (sum, category) => add(sum, perPassenger[category], counts[category]),
    zero,
  );
  return { perPassenger, subtotal };
}

/** What the passengers of one category pay together on a leg (the price details' subtotal per category). */
export function categorySubtotal(price: LegPrice, category: PassengerCategory, count: number): number {
  return add(zero, price.perPassenger[category], count).total;
}

/** The price of a whole booking: every leg for the whole party, plus the transaction fee once. */
export function priceBooking(
  tariffs: LegTariff[],
  counts: PassengerCounts,
  transactionFee: number,
): BookingPrice {
  const legs = tariffs.map((tariff) => priceLeg(tariff, counts));
  const total = legs.reduce((sum, leg) => sum + leg.subtotal.total, 0) + transactionFee;
  return { legs, transactionFee, total };
}

/** What one passenger's ticket on a leg was paid (fare, terminal fee, surcharge): the base of its refund. */
export function paidForTicket(price: BookingPrice, leg: number, category: PassengerCategory): number {
  return price.legs[leg]?.perPassenger[category].total ?? 0;
}
