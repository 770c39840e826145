import { describe, expect, it } from 'vitest';
import { arrangeSailings, timeOfDay } from '../../../src/domain/sailing-order.ts';
import { resultsViewSchema } from '../../../src/schemas/search.ts';

const sailing = (id: string, time: string, operator: string, price: number, duration: number) => ({
  id,
  operator: { code: operator },
  departure: { time, at: `2026-12-06T${time}:00+07:00` },
  durationMinutes: duration,
  price: { subtotal: { total: price } },
});
const day = [
  sailing('a', '07:30', 'SEX', 400_000, 60),
  sailing('b', '11:59', 'RJF', 380_000, 55),
  sailing('c', '12:00', 'SEX', 380_000, 50),
  sailing('d', '16:59', 'MRL', 420_000, 70),
  sailing('e', '17:00', 'RJF', 360_000, 60),
];
const ids = (list: { id: string }[]) => list.map((s) => s.id);

describe('sailings in the order and part of the day asked', () => {
  it('splits the day at noon and at five in the afternoon', () => {
    expect(['00:00', '11:59', '12:00', '16:59', '17:00', '23:59'].map(timeOfDay)).toEqual([
      'morning',
      'morning',
      'afternoon',
      'afternoon',
      'evening',
      'evening',
    ]);
  });

  it('sorts by departure, by the party price and by crossing time, equal ones by departure', () => {
    expect(ids(arrangeSailings(day, { sort: 'departure' }))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids(arrangeSailings(day, { sort: 'price' }))).toEqual(['e', 'b', 'c', 'a', 'd']);
    expect(ids(arrangeSailings(day, { sort: 'duration' }))).toEqual(['c', 'b', 'a', 'e', 'd']);
  });

  it('keeps one operator or one part of the day, and both together', () => {
    expect(ids(arrangeSailings(day, { sort: 'departure', line: 'SEX' }))).toEqual(['a', 'c']);
    expect(ids(arrangeSailings(day, { sort: 'departure', departs: 'afternoon' }))).toEqual(['c', 'd']);
    expect(ids(arrangeSailings(day, { sort: 'price', line: 'RJF', departs: 'evening' }))).toEqual(['e']);
    expect(arrangeSailings(day, { sort: 'departure', line: 'JSF' })).toEqual([]);
  });

  it('keeps a sailing already chosen in view whatever the filter', () => {
    expect(ids(arrangeSailings(day, { sort: 'departure', line: 'SEX' }, ['d', undefined]))).toEqual([
      'a',
      'c',
      'd',
    ]);
  });

  it('reads the view from the query string, and shows the default view for anything it did not offer', () => {
    expect(resultsViewSchema.parse({ sort: 'price', line: 'SEX', departs: 'evening' })).toEqual({
      sort: 'price',
      line: 'SEX',
      departs: 'evening',
    });
    expect(resultsViewSchema.parse({})).toEqual({ sort: 'departure' });
    expect(resultsViewSchema.parse({ sort: 'cheapest', line: '', departs: 'night' })).toEqual({
      sort: 'departure',
    });
    expect(resultsViewSchema.parse({ line: "SEX' OR 1=1" })).toEqual({ sort: 'departure' });
  });
});
