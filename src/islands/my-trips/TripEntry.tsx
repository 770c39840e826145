import * as m from '../../paraglide/messages.js';
import { localeTags, localizePath, type Locale } from '../../i18n/locales.ts';
import type { OfflineLeg } from '../../domain/offline-trips.ts';
import type { StoredTrip } from '../../stores/offline-trips.ts';
import TripPasses from './TripPasses.tsx';

interface Props {
  locale: Locale;
  entry: StoredTrip;
  onRemove: () => void;
}

function LegTimes({ leg, locale }: { leg: OfflineLeg; locale: Locale }) {
  const t = { locale };
  const rows: [string, string | undefined, boolean][] = [
    [m.trip_date({}, t), leg.date, true],
    [m.trip_departure({}, t), leg.departure, true],
    [m.trip_arrival({}, t), leg.arrival, false],
    [m.trip_check_in_closes({}, t), leg.checkInCloses, true],
    [m.trip_gate_closes({}, t), leg.gateCloses, true],
    [m.trip_valid_until({}, t), leg.validUntil, true],
    [m.route_col_operator({}, t), leg.operator, false],
  ];
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map(([label, value, strong]) =>
          value ? (
            <div key={label} className="contents">
              <dt>{label}</dt>
              <dd className={strong ? 'font-semibold tabular-nums' : 'tabular-nums'}>{value}</dd>
            </div>
          ) : null,
        )}
      </dl>
      <p>
        {m.trip_terminal({}, t)}: <span className="font-semibold">{leg.terminal}</span>
        <span className="block text-sm">{leg.terminalAddress}</span>
      </p>
      {leg.counter && (
        <p className="text-sm">
          {m.trip_counter({}, t)}: {leg.counter.address}, {leg.counter.phone}
        </p>
      )}
    </>
  );
}

/** When the copy was made, on the phone's own clock, as the site writes times: `27 Nov 2026, 19:05` (`pukul`). */
function updatedAt(when: Date, locale: Locale): string {
  const date = new Intl.DateTimeFormat(localeTags[locale], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(when);
  const time = [when.getHours(), when.getMinutes()].map((part) => String(part).padStart(2, '0')).join(':');
  return locale === 'id' ? `${date}, pukul ${time}` : `${date}, ${time}`;
}

/** One booking this phone keeps: its legs, its passengers' e-tickets and passes, when it was last updated. */
export default function TripEntry({ locale, entry, onRemove }: Props) {
  const t = { locale };
  const { trip } = entry;
  const legs = trip.legs[locale];
  const updated = updatedAt(new Date(trip.updatedAt), locale);
  return (
    <article
      className="grid gap-4 rounded-box bg-base-100 p-5"
      aria-labelledby={`trip-${trip.id}`}
      data-testid="my-trip"
      data-booking-code={trip.code}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`trip-${trip.id}`} className="text-xl font-bold">
          {m.booking_code_label({}, t)} <span className="font-mono">{trip.code}</span>
        </h2>
        <p className="text-sm" data-testid="my-trip-updated">
          {m.my_trips_updated({ time: updated }, t)}
        </p>
      </header>
      {entry.gone && (
        <p role="status" className="rounded-lg bg-warning p-3 text-warning-content">
          {m.my_trips_gone({}, t)}
        </p>
      )}
      <ol className="grid gap-4">
        {legs.map((leg, index) => (
          <li key={index} className="grid gap-2 rounded-xl border border-base-300 p-4">
            <h3 className="font-semibold">
              {leg.title}: {leg.from} → {leg.to}
            </h3>
            {leg.cancelled && (
              <p className="rounded-lg bg-warning p-2 text-warning-content">
                {m.my_trips_sailing_cancelled({}, t)}
              </p>
            )}
            {leg.delayedFrom && (
              <p className="font-semibold">{m.my_trips_delayed({ time: leg.delayedFrom }, t)}</p>
            )}
            {leg.notice && <p>{leg.notice}</p>}
            <LegTimes leg={leg} locale={locale} />
            {!leg.date && <p className="text-sm">{m.trip_open_note({}, t)}</p>}
          </li>
        ))}
      </ol>
      <ul className="grid gap-4">
        {trip.passengers.map((passenger, index) => (
          <TripPasses
            key={index}
            locale={locale}
            passenger={passenger}
            legs={legs}
            gone={entry.gone === true}
          />
        ))}
      </ul>
      <p className="text-sm">{m.trip_times_local({}, t)}</p>
      <div className="flex flex-wrap gap-3">
        <a
          className="btn rounded-full shadow-none btn-primary"
          href={localizePath(`/booking/${trip.id}`, locale)}
          data-testid="my-trip-manage"
        >
          {m.my_trips_manage({}, t)}
        </a>
        <button
          type="button"
          className="btn rounded-full btn-ghost shadow-none"
          onClick={onRemove}
          data-testid="my-trip-remove"
        >
          {m.my_trips_remove({}, t)}
        </button>
      </div>
    </article>
  );
}
