import { keptAt, type OfflineTrip } from '../domain/offline-trips.ts';

/**
 * The bookings this phone has opened, as My trips shows them offline: one entry per booking in the browser's local
 * storage (a few kilobytes each, passports masked by the server). An entry opened through an account goes at logout;
 * any entry a week after its last sailing (`keepUntil`), or when the traveller removes it.
 */
export interface StoredTrip {
  trip: OfflineTrip;
  /** Opened only while logged in: forgotten when that login ends on this phone. */
  viaAccount: boolean;
  /** The server no longer knows the booking (the last refresh was a 404). */
  gone?: boolean;
}

const KEY = 'segara.trips.v1';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage refused (a private window's policy, a blocked site): My trips then keeps nothing.
    return undefined;
  }
}

/** Enough of a trip's shape to render it: an entry from an older version of the site, or edited by hand, is dropped. */
function looksLikeTrip(value: unknown): value is StoredTrip {
  if (typeof value !== 'object' || value === null) return false;
  const { trip } = value as { trip?: Partial<OfflineTrip> };
  return (
    typeof trip?.id === 'string' &&
    typeof trip.code === 'string' &&
    typeof trip.keepUntil === 'string' &&
    Array.isArray(trip.legs?.en) &&
    Array.isArray(trip.legs.id) &&
    Array.isArray(trip.passengers)
  );
}

function readAll(): StoredTrip[] {
  try {
    const parsed = JSON.parse(storage()?.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(looksLikeTrip) : [];
  } catch {
    return [];
  }
}

function writeAll(trips: StoredTrip[]): void {
  try {
    if (trips.length === 0) storage()?.removeItem(KEY);
    else storage()?.setItem(KEY, JSON.stringify(trips));
  } catch {
    // Full or refused: what was stored before stays as it was.
  }
}

/** The trips kept at `now`, soonest sailing first; those past their week are forgotten as they are read. */
export function storedTrips(now = new Date()): StoredTrip[] {
  const all = readAll();
  const kept = all.filter((entry) => keptAt(entry.trip.keepUntil, now));
  if (kept.length !== all.length) writeAll(kept);
  return kept.sort((a, b) => a.trip.keepUntil.localeCompare(b.trip.keepUntil));
}

/**
 * Keeps the newest copy of a booking. One opened as a guest too (by its code and e-mail) is not the account's alone,
 * so it stays after logout.
 */
export function keepTrip(trip: OfflineTrip, viaAccount: boolean, now = new Date()): void {
  // The expired go whenever the store is written, not only when My trips is opened.
  const all = readAll().filter((entry) => keptAt(entry.trip.keepUntil, now));
  const before = all.find((entry) => entry.trip.id === trip.id);
  const entry: StoredTrip = { trip, viaAccount: before ? before.viaAccount && viaAccount : viaAccount };
  writeAll([...all.filter((other) => other.trip.id !== trip.id), entry]);
}

/** A fresher copy of a trip still kept; nothing when it was removed meanwhile (a refresh never brings one back). */
function replaceTrip(trip: OfflineTrip): void {
  writeAll(
    readAll().map((entry) => (entry.trip.id === trip.id ? { trip, viaAccount: entry.viaAccount } : entry)),
  );
}

export function markGone(id: string): void {
  writeAll(readAll().map((entry) => (entry.trip.id === id ? { ...entry, gone: true } : entry)));
}

export function removeTrip(id: string): void {
  writeAll(readAll().filter((entry) => entry.trip.id !== id));
}

/** When a login ends on this phone: the bookings it saw only while logged in go with it. */
export function forgetAccountTrips(): void {
  const all = readAll();
  const kept = all.filter((entry) => !entry.viaAccount);
  if (kept.length !== all.length) writeAll(kept);
}

/** The booking's current copy from the server: the trip, `gone` (404), or undefined when it could not be asked. */
export async function fetchTrip(id: string): Promise<OfflineTrip | 'gone' | undefined> {
  try {
    const answer = await fetch(`/api/bookings/${encodeURIComponent(id)}/trip`, {
      headers: { Accept: 'application/json' },
    });
    if (answer.status === 404) return 'gone';
    if (!answer.ok) return undefined;
    const trip = (await answer.json()) as unknown;
    return looksLikeTrip({ trip }) ? (trip as OfflineTrip) : undefined;
  } catch {
    return undefined;
  }
}

/** Asks the server again for every stored trip and keeps the answers; true when some could not be asked. */
export async function refreshStoredTrips(): Promise<boolean> {
  let failed = false;
  for (const { trip } of storedTrips()) {
    const answer = await fetchTrip(trip.id);
    if (answer === 'gone') markGone(trip.id);
    else if (answer) replaceTrip(answer);
    else failed = true;
  }
  return failed;
}
