import { useCallback, useEffect, useState } from 'react';
import * as m from '../../paraglide/messages.js';
import { formatDayDate } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { GateDevice, GateSailingLabel, KeptSailing } from '../../stores/gate-scanner.ts';
import { listSailings, readSailing, type DeviceAnswer } from './gate-api.ts';

interface Props {
  locale: Locale;
  device: GateDevice;
  onChosen: (sailing: KeptSailing) => void;
  onRevoked: () => void;
}

/** `Batam Centre → HarbourFront, Sun 22 Nov 08:00 WIB, Sindo Ferry`: how a gate names a sailing. */
export function sailingName(sailing: GateSailingLabel, locale: Locale): string {
  const { departure } = sailing;
  return `${sailing.from[locale]} → ${sailing.to[locale]}, ${formatDayDate(departure.date, locale)} ${departure.time} ${departure.zone}, ${sailing.operator}`;
}

/** The sailings leaving about now, to choose the one this gate boards; choosing one keeps its list on the phone. */
export default function SailingPicker({ locale, device, onChosen, onRevoked }: Props) {
  const t = { locale };
  const [sailings, setSailings] = useState<GateSailingLabel[] | 'loading' | 'unreachable'>('loading');
  const [opening, setOpening] = useState('');

  const listed = useCallback(
    (answer: DeviceAnswer<{ sailings: GateSailingLabel[] }>) => {
      if (answer.kind === 'revoked') onRevoked();
      else setSailings(answer.kind === 'ok' ? answer.body.sailings : 'unreachable');
    },
    [onRevoked],
  );
  useEffect(() => {
    void listSailings(device, locale).then(listed);
  }, [device, locale, listed]);

  const choose = async (id: string) => {
    setOpening(id);
    const answer = await readSailing(device, id, locale);
    setOpening('');
    if (answer.kind === 'revoked') onRevoked();
    else if (answer.kind === 'ok') onChosen(answer.body);
    else setSailings('unreachable');
  };

  return (
    <section
      className="grid gap-3"
      aria-labelledby="gate-sailings-heading"
      aria-busy={sailings === 'loading'}
    >
      <h2 id="gate-sailings-heading" className="text-xl font-bold">
        {m.gate_sailings_heading({}, t)}
      </h2>
      {sailings === 'unreachable' ? (
        <div className="grid justify-items-start gap-2">
          <p role="alert">{m.gate_sailings_unreachable({}, t)}</p>
          <button
            type="button"
            className="btn rounded-full btn-outline"
            onClick={() => {
              setSailings('loading');
              void listSailings(device, locale).then(listed);
            }}
          >
            {m.gate_retry({}, t)}
          </button>
        </div>
      ) : sailings !== 'loading' && sailings.length === 0 ? (
        <p>{m.gate_sailings_none({}, t)}</p>
      ) : null}
      {Array.isArray(sailings) && sailings.length > 0 && (
        <ul className="grid gap-2" data-testid="gate-sailings">
          {sailings.map((sailing) => (
            <li
              key={sailing.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-box bg-base-100 p-4"
              data-sailing-id={sailing.id}
            >
              <span id={`gate-sailing-${sailing.id}`}>
                {sailingName(sailing, locale)}
                {sailing.cancelled && (
                  <span className="badge badge-error ms-2">{m.gate_sailing_cancelled({}, t)}</span>
                )}
              </span>
              <button
                type="button"
                className="btn rounded-full shadow-none btn-primary"
                disabled={opening !== ''}
                aria-describedby={`gate-sailing-${sailing.id}`}
                onClick={() => void choose(sailing.id)}
              >
                {m.gate_choose({}, t)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
