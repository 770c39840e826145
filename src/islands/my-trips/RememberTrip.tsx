import { useEffect, useState } from 'react';
import * as m from '../../paraglide/messages.js';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { fetchTrip, keepTrip } from '../../stores/offline-trips.ts';

interface Props {
  locale: Locale;
  bookingId: string;
  /** The page was opened through the logged-in owner's account: the copy goes when that login ends. */
  viaAccount: boolean;
}

/**
 * On Manage booking: keeps this booking on the phone for My trips (an opened booking is one a traveller wants at the
 * terminal), then says so with a link there. Asked once the page is idle, so it never competes with the page itself.
 */
export default function RememberTrip({ locale, bookingId, viaAccount }: Props) {
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    let live = true;
    void fetchTrip(bookingId).then((trip) => {
      if (!live || !trip || trip === 'gone') return;
      keepTrip(trip, viaAccount);
      setSaved(true);
    });
    return () => {
      live = false;
    };
  }, [bookingId, viaAccount]);
  if (!saved) return null;
  const t = { locale };
  return (
    <p className="text-sm" role="status" data-testid="trip-saved">
      {m.my_trips_saved({}, t)}{' '}
      <a className="text-link font-semibold" href={localizePath('/my-trips', locale)}>
        {m.my_trips_open({}, t)}
      </a>
    </p>
  );
}
