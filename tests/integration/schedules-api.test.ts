import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { extendSailings, upsertNetwork } from '../../src/server/db/seed.ts';
import { loadNetworkData } from '../../src/server/network-data.ts';
import type { LegResult, SearchResult } from '../../src/server/services/search-schedules.ts';
import { insertBooking } from '../factories/bookings.ts';
import { testApp } from '../support/app.ts';
import { testDatabases } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam (WIB), 18:00 in Singapore.
const now = new Date('2026-11-21T10:00:00Z');

describe.each(testDatabases)('schedules API on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let app: ReturnType<typeof testApp>;
  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
  const search = async (query: string) => {
    const response = await get(`/api/schedules?${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as SearchResult;
  };
  const times = (leg: LegResult | undefined) =>
    leg?.sailings.map((s) => `${s.departure.time} ${s.operator.code}`);

  beforeAll(async () => {
    ({ handle, drop } = await database.create());
    const network = loadNetworkData();
    await upsertNetwork(handle.db, network);
    await extendSailings(handle.db, network, now, 120);
    app = testApp(handle.db, now);
  });
  afterAll(() => drop());

  it('finds a day of sailings with local times, zones, duration, seats and every price component', async () => {
    const result = await search('from=BTC&to=HFC&date=2026-11-22&adults=2&children=1&infants=1');
    expect(result.transactionFee).toBe(4500);
    const leg = result.outbound;
    expect(leg?.from).toMatchObject({ code: 'BTC', name: 'Batam Centre', zone: 'WIB' });
    expect(times(leg)).toEqual([
      '06:00 SEX',
      '07:00 MRL',
      '08:00 SEX',
      '09:30 MRL',
      '10:00 SEX',
      '12:00 SEX',
      '13:30 MRL',
      '14:00 SEX',
      '16:00 SEX',
      '17:30 MRL',
      '18:00 SEX',
      '20:30 SEX',
    ]);
    const first = leg?.sailings[0];
    expect(first?.departure).toEqual({
      date: '2026-11-22',
      time: '06:00',
      zone: 'WIB',
      at: '2026-11-21T23:00:00.000Z',
    });
    expect(first?.arrival).toMatchObject({ date: '2026-11-22', time: '08:00', zone: 'SGT' });
    expect(first?.durationMinutes).toBe(60);
    expect(first?.availability).toEqual({ status: 'available' });
    expect(first?.operator).toEqual({ code: 'SEX', name: 'Selat Express' });
    expect(first?.price.perPassenger.adult).toEqual({
      ticket: 330_000,
      terminalFee: 100_000,
      surcharge: 65_000,
      total: 495_000,
    });
    expect(first?.price.perPassenger.infant).toEqual({
      ticket: 95_000,
      terminalFee: 0,
      surcharge: 0,
      total: 95_000,
    });
    expect(first?.price.subtotal.total).toBe(2 * 495_000 + 430_000 + 95_000);
  });

  it('leaves out sailings that leave within the hour or have left (today, 17:00 in Batam)', async () => {
    const result = await search('from=BTC&to=HFC&date=2026-11-21');
    expect(times(result.outbound)).toEqual(['18:00 SEX', '20:30 SEX']);
  });

  it('returns the return leg of a two way trip from the other side, in its own zone', async () => {
    const result = await search('trip=two_way&from=BTC&to=HFC&date=2026-11-22&returnDate=2026-11-24');
    expect(result.return?.from.zone).toBe('SGT');
    expect(result.return?.sailings[0]?.departure).toMatchObject({
      date: '2026-11-24',
      time: '08:00',
      zone: 'SGT',
    });
    expect(result.return?.sailings[0]?.arrival).toMatchObject({ time: '08:00', zone: 'WIB' });
    expect(result.return?.sailings[0]?.price.perPassenger.adult.terminalFee).toBe(85_000);
  });

  it('lists open-ticket offers without sailings', async () => {
    const result = await search('trip=open&from=HBB&to=PTH&adults=1');
    expect(result.open?.offers.map((o) => o.operator.code)).toEqual(['JSF']);
    expect(result.open?.validityMonths).toBe(3);
    expect(result.outbound).toBeUndefined();
  });

  it('counts paid and live holds but not expired ones, showing exact seats at 10 or fewer', async () => {
    const query = 'from=SKP&to=HFC&date=2026-11-23';
    const [sailing] = (await search(query)).outbound?.sailings ?? [];
    expect(sailing).toBeDefined();
    const id = sailing?.id ?? '';
    const book = (code: string, status: 'held' | 'paid', seats: number, expires: string | null) =>
      insertBooking(handle.db, {
        code,
        status,
        seats,
        sailingId: id,
        expiresAt: expires ? new Date(expires) : null,
      });
    await book('PAID22', 'paid', 165, null); // capacity 180
    await book('HOLD22', 'held', 8, '2026-11-21T10:15:00Z'); // still held at `now`
    await book('GONE22', 'held', 5, '2026-11-21T09:59:00Z'); // expired a minute ago: must not count
    const after = (await search(query)).outbound?.sailings.find((s) => s.id === id);
    expect(after?.availability).toEqual({ status: 'limited', seatsLeft: 7 });
    expect(after?.enoughSeats).toBe(true);
    const party = (await search(`${query}&adults=8`)).outbound?.sailings.find((s) => s.id === id);
    expect(party?.enoughSeats).toBe(false);
  });

  it.each([
    ['', 'from', 'Choose a departure terminal'],
    ['from=BTC&to=BTC&date=2026-11-22', 'to', 'There is no ferry between these terminals'],
    ['from=SKP&to=TMF&date=2026-11-22', 'to', 'There is no ferry between these terminals'],
    ['from=BTC&to=HFC', 'date', 'Choose a departure date'],
    ['from=BTC&to=HFC&date=2026-11-20', 'date', 'The departure date cannot be in the past'],
    ['from=BTC&to=HFC&date=2027-06-01', 'date', 'Schedules are available up to 120 days ahead'],
    ['from=BTC&to=HFC&date=2026-02-30', 'date', 'Choose a departure date'],
    ['from=BTC&to=HFC&date=2026-11-22&adults=0', 'adults', 'At least one adult must travel'],
    [
      'from=BTC&to=HFC&date=2026-11-22&adults=5&children=5',
      'children',
      'Adults and children together cannot be more than 9',
    ],
    [
      'from=BTC&to=HFC&date=2026-11-22&infants=2',
      'infants',
      'Each infant travels with an adult: no more infants than adults',
    ],
    ['from=BTC&to=HFC&date=2026-11-22&adults=two', 'adults', 'Enter a whole number of passengers'],
    ['from=BTC&to=HFC&date=2026-11-22&adults=1.5', 'adults', 'Enter a whole number of passengers'],
    ['trip=two_way&from=BTC&to=HFC&date=2026-11-22', 'returnDate', 'Choose a return date'],
    [
      'trip=two_way&from=BTC&to=HFC&date=2026-11-22&returnDate=2026-11-21',
      'returnDate',
      'The return date cannot be before the departure date',
    ],
    ['trip=cruise&from=BTC&to=HFC&date=2026-11-22', 'trip', 'Choose one way, two way or ticket only'],
  ])('refuses %j with a 400 on %s', async (query, field, message) => {
    const response = await get(`/api/schedules?${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe('Please check the highlighted fields');
    expect(body.errors[field]).toContain(message);
  });

  it('writes its errors in Indonesian for an Indonesian reader', async () => {
    const response = await get('/api/schedules?from=BTC&to=HFC&date=2026-11-22&infants=3&lang=id');
    const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe('Mohon periksa kolom yang ditandai');
    expect(body.errors.infants?.[0]).toMatch(/^Setiap bayi/);
  });

  it('lists terminals with their valid destinations and the counters opening hours, cacheably', async () => {
    const terminals = await get('/api/terminals', { 'Accept-Language': 'id' });
    expect(terminals.headers.get('Cache-Control')).toContain('max-age=3600');
    const body = (await terminals.json()) as {
      terminals: { code: string; name: string; destinations: string[] }[];
    };
    expect(body.terminals.find((t) => t.code === 'BTC')?.destinations.sort()).toEqual(['HFC', 'SLT', 'TMF']);
    expect(body.terminals.find((t) => t.code === 'TMF')?.name).toBe('Terminal Feri Tanah Merah');
    const destinations = await get('/api/terminals/skp/destinations');
    expect(await destinations.json()).toMatchObject({ destinations: [{ code: 'HFC', zone: 'SGT' }] });
    expect((await get('/api/terminals/XXX/destinations')).status).toBe(404);
    const hours = (await (await get('/api/operating-hours')).json()) as {
      counters: { id: string; open: string; zone: string }[];
    };
    expect(hours.counters.find((c) => c.id === 'btc')).toMatchObject({ open: '05:30', zone: 'WIB' });
  });

  it('lets a shared cache keep a search for 15 seconds', async () => {
    const response = await get('/api/schedules?from=BTC&to=HFC&date=2026-11-22');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=15');
  });
});
