import { useEffect, useState } from 'react';
import * as m from '../../paraglide/messages.js';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { showNotification } from '../../stores/notifications.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import TripEntry from './TripEntry.tsx';
import {
  forgetAccountTrips,
  refreshStoredTrips,
  removeTrip,
  storedTrips,
  type StoredTrip,
} from '../../stores/offline-trips.ts';

interface Props {
  locale: Locale;
}

type Refresh = 'idle' | 'running' | 'failed';

/**
 * My trips: the bookings this phone has opened, read from its own storage, so the page works in airplane mode (the
 * service worker keeps the page itself). Online, each is asked again at once and whenever the connection returns:
 * a ticket cancelled or moved since then shows that instead of its old pass.
 */
export default function MyTrips({ locale }: Props) {
  const t = { locale };
  const hydrated = useHydrated();
  // Read as the island starts (it renders nothing before it has hydrated, so the server's render never differs);
  // a login that ended elsewhere (expired, or another tab) takes the bookings seen only through it.
  const [trips, setTrips] = useState<StoredTrip[]>(() => {
    // (The test of islands/shared/session-hint.ts, kept here: importing it would split it into a script of its own
    // that every island page would then load.)
    if (typeof document !== 'undefined' && !/(?:^|;\s*)segara_account=1/.test(document.cookie))
      forgetAccountTrips();
    return storedTrips();
  });
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  // Online with trips to refresh, the island starts refreshing them at once (the effect below).
  const [refresh, setRefresh] = useState<Refresh>(() =>
    typeof navigator !== 'undefined' && navigator.onLine && trips.length > 0 ? 'running' : 'idle',
  );

  useEffect(() => {
    const refreshed = (failed: boolean) => {
      setTrips(storedTrips());
      setRefresh(failed ? 'failed' : 'idle');
    };
    if (navigator.onLine) void refreshStoredTrips().then(refreshed);
    const wentOnline = () => {
      setOnline(true);
      setRefresh('running');
      void refreshStoredTrips().then(refreshed);
    };
    const wentOffline = () => {
      setOnline(false);
    };
    addEventListener('online', wentOnline);
    addEventListener('offline', wentOffline);
    return () => {
      removeEventListener('online', wentOnline);
      removeEventListener('offline', wentOffline);
    };
  }, []);

  if (!hydrated) return null;
  return (
    <div
      className="grid gap-4"
      data-testid="my-trips"
      data-ready={refresh === 'running' ? undefined : 'true'}
    >
      <p aria-live="polite" className="text-sm" data-testid="my-trips-status">
        {!online
          ? m.my_trips_offline({}, t)
          : refresh === 'running'
            ? m.my_trips_refreshing({}, t)
            : refresh === 'failed'
              ? m.my_trips_refresh_failed({}, t)
              : ''}
      </p>
      {trips.length === 0 ? (
        <p className="rounded-box bg-base-100 p-5" data-testid="my-trips-empty">
          {m.my_trips_empty({}, t)}{' '}
          <a className="text-link font-semibold" href={localizePath('/booking/check-order', locale)}>
            {m.my_trips_check_order({}, t)}
          </a>
        </p>
      ) : (
        trips.map((entry) => (
          <TripEntry
            key={entry.trip.id}
            locale={locale}
            entry={entry}
            onRemove={() => {
              removeTrip(entry.trip.id);
              setTrips(storedTrips());
              showNotification(m.my_trips_removed({ code: entry.trip.code }, t));
            }}
          />
        ))
      )}
    </div>
  );
}
