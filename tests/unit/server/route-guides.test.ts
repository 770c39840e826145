import { describe, expect, it } from 'vitest';
import { crossReferenceProblems, loadNetworkData } from '../../../src/server/network-data.ts';
import { Network } from '../../../src/server/network.ts';
import { routeGuide, routeGuides } from '../../../src/server/views/route-guides.ts';

const network = new Network();
const guideOf = (id: string, locale: 'en' | 'id' = 'en') => {
  const route = network.data.routes.find((r) => r.id === id);
  if (!route) throw new Error(id);
  return routeGuide(network, route, locale);
};

describe('route guides (the pre-rendered route pages)', () => {
  it('gives every route a readable, unique address with its way back', () => {
    const guides = routeGuides(network, 'en');
    expect(guides).toHaveLength(network.data.routes.length);
    expect(new Set(guides.map((g) => g.slug)).size).toBe(guides.length);
    expect(guideOf('btc-hfc').slug).toBe('batam-centre-harbourfront');
    expect(guideOf('btc-hfc').returnSlug).toBe('harbourfront-batam-centre');
    for (const guide of guides) expect(guide.slug).toMatch(/^[a-z]+(-[a-z]+)+$/);
  });

  it('lists the timetable in departure order with arrivals on the other terminal’s clock', () => {
    const guide = guideOf('btc-hfc');
    expect(guide.rows.map((r) => r.departure)).toEqual([
      '06:00',
      '07:00',
      '08:00',
      '09:30',
      '10:00',
      '12:00',
      '13:30',
      '14:00',
      '16:00',
      '17:30',
      '18:00',
      '20:30',
    ]);
    expect(guide.rows[0]).toEqual({
      operator: 'Selat Express',
      departure: '06:00',
      arrival: '08:00',
      arrivalDayOffset: 0,
      durationMinutes: 60,
      days: undefined,
    });
    expect(guide).toMatchObject({
      from: { code: 'BTC', zone: 'WIB' },
      to: { code: 'HFC', zone: 'SGT' },
      firstDeparture: '06:00',
      lastDeparture: '20:30',
      maxDailyDepartures: 12,
      duration: { min: 60, max: 60 },
      operators: ['Marina Line', 'Selat Express'],
    });
  });

  it('names the weekdays of a route that does not sail daily and counts its busiest day', () => {
    const nongsa = guideOf('nsp-tmf');
    expect(nongsa.maxDailyDepartures).toBe(4);
    expect(new Set(nongsa.rows.map((r) => JSON.stringify(r.days)))).toEqual(
      new Set([JSON.stringify([[5, 7]]), JSON.stringify([[1, 4]])]),
    );
    expect(guideOf('hbb-pth').rows.every((r) => JSON.stringify(r.days) === '[[5,7]]')).toBe(true);
  });

  it('quotes the lowest adult price with terminal fee and surcharge of the departure terminal', () => {
    // Marina Line's ticket 310,000 + Batam Centre's terminal fee 100,000 + fuel surcharge 65,000.
    expect(guideOf('btc-hfc').fromPrice).toBe(475_000);
  });

  it('reads terminal names in the page’s language', () => {
    expect(guideOf('tmf-btc', 'id').from.name).toBe('Terminal Feri Tanah Merah');
    expect(guideOf('tmf-btc', 'en').from.name).toBe('Tanah Merah Ferry Terminal');
  });
});

describe('network data cross-references', () => {
  it('accepts the sample network and reports a repeated terminal slug', () => {
    const data = loadNetworkData();
    expect(crossReferenceProblems(data)).toEqual([]);
    const [first, second, ...rest] = data.terminals;
    if (!first || !second) throw new Error('sample network has terminals');
    const clash = { ...data, terminals: [first, { ...second, slug: first.slug }, ...rest] };
    expect(crossReferenceProblems(clash)).toEqual([`terminal slug ${first.slug} is not unique`]);
  });
});
