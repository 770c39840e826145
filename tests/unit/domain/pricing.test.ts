import { describe, expect, it } from 'vitest';
import { categorySubtotal, priceBooking, priceLeg, type LegTariff } from '../../../src/domain/pricing.ts';

const batamToSingapore: LegTariff = {
  ticket: { adult: 330_000, child: 265_000, infant: 95_000 },
  terminalFee: { adult: 100_000, child: 100_000, infant: 0 },
  surcharge: { adult: 65_000, child: 65_000, infant: 0 },
};
const singaporeToBatam: LegTariff = {
  ticket: { adult: 330_000, child: 265_000, infant: 95_000 },
  terminalFee: { adult: 85_000, child: 85_000, infant: 0 },
  surcharge: { adult: 73_000, child: 73_000, infant: 0 },
};

describe('pricing', () => {
  it('prices each category with every component', () => {
    const leg = priceLeg(batamToSingapore, { adult: 1, child: 0, infant: 0 });
    expect(leg.perPassenger.adult).toEqual({
      ticket: 330_000,
      terminalFee: 100_000,
      surcharge: 65_000,
      total: 495_000,
    });
    expect(leg.perPassenger.infant).toEqual({ ticket: 95_000, terminalFee: 0, surcharge: 0, total: 95_000 });
  });

  it('gives each category its subtotal, and the subtotals add up to the leg', () => {
    const counts = { adult: 2, child: 1, infant: 1 };
    const leg = priceLeg(batamToSingapore, counts);
    expect(categorySubtotal(leg, 'adult', 2)).toBe(990_000);
    expect(categorySubtotal(leg, 'child', 1)).toBe(430_000);
    const sum = (['adult', 'child', 'infant'] as const).reduce(
      (total, category) => total + categorySubtotal(leg, category, counts[category]),
      0,
    );
    expect(sum).toBe(leg.subtotal.total);
  });

  it.each([
    [{ adult: 1, child: 0, infant: 0 }, 495_000],
    [{ adult: 2, child: 1, infant: 1 }, 2 * 495_000 + 430_000 + 95_000],
    [{ adult: 0, child: 0, infant: 0 }, 0],
  ])('sums a party %j to %i', (counts, total) => {
    const leg = priceLeg(batamToSingapore, counts);
    expect(leg.subtotal.total).toBe(total);
    expect(leg.subtotal.ticket + leg.subtotal.terminalFee + leg.subtotal.surcharge).toBe(total);
  });

  it('charges the transaction fee once per booking, not per leg or passenger', () => {
    const counts = { adult: 2, child: 0, infant: 0 };
    const price = priceBooking([batamToSingapore, singaporeToBatam], counts, 4_500);
    expect(price.legs.map((leg) => leg.subtotal.total)).toEqual([990_000, 976_000]);
    expect(price.total).toBe(990_000 + 976_000 + 4_500);
  });
});
