import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../support/memory-storage.ts';
import type { OfflineTrip } from '../../../src/domain/offline-trips.ts';
import {
  forgetAccountTrips,
  keepTrip,
  markGone,
  refreshStoredTrips,
  removeTrip,
  storedTrips,
} from '../../../src/stores/offline-trips.ts';

const now = new Date('2026-11-27T03:00:00Z');
const trip = (id: string, keepUntil = '2026-12-10T00:00:00Z'): OfflineTrip => ({
  id,
  code: id.toUpperCase().slice(0, 6),
  status: 'paid',
  updatedAt: now.toISOString(),
  keepUntil,
  legs: { en: [], id: [] },
  passengers: [],
});

let phone: MemoryStorage;
beforeEach(() => {
  phone = new MemoryStorage();
  Object.defineProperty(globalThis, 'localStorage', { value: phone, configurable: true });
});

const ids = () => storedTrips(now).map((entry) => entry.trip.id);

describe('the trips a phone keeps for My trips', () => {
  it("forgets at logout only what it saw through the account, and a guest's opening outlives it", () => {
    keepTrip(trip('guest'), false, now);
    keepTrip(trip('account'), true, now);
    keepTrip(trip('both'), false, now);
    keepTrip(trip('both'), true, now);
    forgetAccountTrips();
    expect(ids().sort()).toEqual(['both', 'guest']);
  });

  it('keeps the newest copy of each booking, forgets one past its week, and one removed', () => {
    keepTrip(trip('a'), false, now);
    keepTrip({ ...trip('a'), status: 'paid', updatedAt: '2026-11-28T00:00:00Z' }, false, now);
    keepTrip(trip('old', '2026-11-27T02:59:59Z'), false, now);
    keepTrip(trip('b', '2026-12-01T00:00:00Z'), false, now);
    expect(ids()).toEqual(['b', 'a']);
    expect(storedTrips(now)[1]?.trip.updatedAt).toBe('2026-11-28T00:00:00Z');
    markGone('b');
    expect(storedTrips(now)[0]?.gone).toBe(true);
    keepTrip(trip('b', '2026-12-01T00:00:00Z'), false, now);
    expect(storedTrips(now)[0]?.gone).toBeUndefined();
    removeTrip('a');
    expect(ids()).toEqual(['b']);
  });

  it('never brings back, on a refresh, a trip removed while it was asked for', async () => {
    // Kept far ahead: the refresh reads the store on the real clock.
    const far = '2099-01-01T00:00:00Z';
    keepTrip(trip('a', far), false, now);
    keepTrip(trip('b', far), false, now);
    const asked = new Map([
      ['a', { ...trip('a', far), updatedAt: '2026-11-28T00:00:00Z' }],
      ['b', { ...trip('b', far), updatedAt: '2026-11-28T00:00:00Z' }],
    ]);
    globalThis.fetch = ((url: string) => {
      const id = /bookings\/(\w+)\/trip/.exec(url)?.[1] ?? '';
      removeTrip('b'); // removed on the page while the answers come in
      return Promise.resolve(new Response(JSON.stringify(asked.get(id)), { status: 200 }));
    }) as typeof fetch;
    expect(await refreshStoredTrips()).toBe(false);
    expect(storedTrips(now).map((entry) => [entry.trip.id, entry.trip.updatedAt])).toEqual([
      ['a', '2026-11-28T00:00:00Z'],
    ]);
  });

  it('drops what it cannot read instead of failing the page', () => {
    phone.setItem('segara.trips.v1', '{not json');
    expect(ids()).toEqual([]);
    phone.setItem('segara.trips.v1', JSON.stringify([{ trip: { id: 'x' } }, { trip: trip('ok') }]));
    expect(ids()).toEqual(['ok']);
  });
});
