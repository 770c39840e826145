import * as m from '../../paraglide/messages.js';
import type { Locale } from '../../i18n/locales.ts';
import type { OfflineLeg, OfflinePassenger, OfflineTicket } from '../../domain/offline-trips.ts';

interface Props {
  locale: Locale;
  passenger: OfflinePassenger;
  legs: OfflineLeg[];
  /** The server no longer knows the booking: its codes are not shown, whatever was saved. */
  gone: boolean;
}

/** A QR code from its SVG document, as an image: no script in it can run, and the page's CSP allows data: images. */
function QrCode({ svg, alt, testId }: { svg: string; alt: string; testId: string }) {
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={alt}
      width={240}
      height={240}
      className="mx-auto aspect-square w-full max-w-64 rounded-lg bg-white"
      data-testid={testId}
    />
  );
}

/** What a ticket without a pass to show says instead: never an old pass for a ticket cancelled or moved since. */
function ticketState(ticket: OfflineTicket, locale: Locale): string | undefined {
  const t = { locale };
  switch (ticket.status) {
    case 'active':
      return m.my_trips_ticket_active({}, t);
    case 'boarded':
      return m.my_trips_ticket_boarded({}, t);
    case 'cancelled':
      return m.my_trips_ticket_cancelled({}, t);
    case 'rescheduled':
      return m.my_trips_ticket_moved({ ticket: ticket.movedTo ?? '' }, t);
    case 'expired':
      return m.my_trips_ticket_expired({}, t);
    case 'claimed':
      return m.my_trips_ticket_claimed({}, t);
    case 'checked_in':
      return undefined;
  }
}

/** One passenger's e-ticket and, per leg, the boarding pass or what stands in its place; QR codes behind a tap. */
export default function TripPasses({ locale, passenger, legs, gone }: Props) {
  const t = { locale };
  const eTicket = gone ? undefined : passenger.eTicket;
  return (
    <li className="grid gap-2 rounded-xl border border-base-300 p-4" data-testid="trip-passenger">
      <p className="font-semibold">
        {passenger.name}
        {passenger.passport && (
          <span className="block text-sm font-normal">
            {m.my_trips_passport({ number: passenger.passport }, t)}
          </span>
        )}
      </p>
      {eTicket && (
        <details className="rounded-lg bg-base-200 p-3" data-testid="trip-e-ticket">
          <summary className="cursor-pointer font-semibold">
            {m.my_trips_e_ticket({ number: eTicket.number }, t)}: {m.my_trips_show_qr({}, t)}
          </summary>
          <QrCode
            svg={eTicket.svg}
            alt={m.my_trips_qr_alt({ document: m.my_trips_e_ticket({ number: eTicket.number }, t) }, t)}
            testId="trip-e-ticket-qr"
          />
        </details>
      )}
      {passenger.tickets.map((ticket) => {
        const leg = ticket.legIndex === undefined ? undefined : legs[ticket.legIndex];
        const heading = leg
          ? `${leg.title}: ${leg.from} → ${leg.to}`
          : m.my_trips_ticket({ ticket: ticket.number }, t);
        // A pass for a sailing the operator cancelled, or of a booking gone, would be refused at the gate.
        const pass = gone || leg?.cancelled ? undefined : ticket.boardingPass;
        const state = leg?.cancelled
          ? m.my_trips_sailing_cancelled({}, t)
          : pass
            ? undefined
            : ticketState(ticket, locale);
        const title = m.my_trips_boarding_pass({ ticket: ticket.number }, t);
        return (
          <div key={ticket.number} className="grid gap-1" data-testid={`trip-ticket-${ticket.number}`}>
            <p className="text-sm font-semibold">{heading}</p>
            {pass ? (
              <details className="rounded-lg bg-base-200 p-3" data-testid="trip-boarding-pass">
                <summary className="cursor-pointer font-semibold">
                  {title}: {m.my_trips_show_qr({}, t)}
                </summary>
                <QrCode
                  svg={pass.svg}
                  alt={m.my_trips_qr_alt({ document: title }, t)}
                  testId="trip-boarding-pass-qr"
                />
                <p className="mt-2 text-center text-sm">{m.boarding_pass_qr_caption({}, t)}</p>
              </details>
            ) : (
              state && (
                <p className="text-sm" data-testid="trip-ticket-state">
                  {m.my_trips_ticket({ ticket: ticket.number }, t)}. {state}
                </p>
              )
            )}
          </div>
        );
      })}
    </li>
  );
}
