import { useCallback, useState } from 'react';
import * as m from '../../paraglide/messages.js';
import type { Locale } from '../../i18n/locales.ts';
import {
  forgetDevice,
  gateState,
  keepDevice,
  keepSailing,
  type GateState,
} from '../../stores/gate-scanner.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import EnrolForm from './EnrolForm.tsx';
import { useGateSync } from './gate-sync.ts';
import SailingPicker from './SailingPicker.tsx';
import ScanStation from './ScanStation.tsx';

interface Props {
  locale: Locale;
}

/**
 * `/staff/scan` (docs/decisions/0014): set this phone up once with a set-up code, choose the sailing being boarded,
 * then scan. Everything it needs to judge a pass is kept on the phone, so a gate with no connection goes on
 * boarding; the boardings go up when the connection returns.
 */
export default function GateScanner({ locale }: Props) {
  const t = { locale };
  const hydrated = useHydrated();
  const [state, setState] = useState<GateState>(() =>
    typeof window === 'undefined' ? { queue: [] } : gateState(),
  );
  // Each read of the storage parses a new device object: the same device keeps its identity, or every read would
  // look like a new enrolment to the effects that depend on it (and start them again).
  const update = useCallback(
    (next: GateState) => {
      setState((previous) =>
        next.device && previous.device?.token === next.device.token
          ? { ...next, device: previous.device }
          : next,
      );
    },
    [setState],
  );
  const [revoked, setRevoked] = useState(false);
  const onRevoked = useCallback(() => {
    update(forgetDevice());
    setRevoked(true);
  }, [update, setRevoked]);
  const { online, conflicts, refusal, sync } = useGateSync(state.device, locale, update, onRevoked);

  // The server's render and the first one in the browser: the phone's storage is read only once hydrated.
  if (!hydrated) return <p data-testid="gate-scanner">{m.gate_needs_javascript({}, t)}</p>;
  const { device, sailing } = state;
  return (
    <div className="grid gap-4" data-testid="gate-scanner" data-ready="true">
      {device && <p className="text-sm">{m.gate_device_name({ name: device.name }, t)}</p>}
      {!device ? (
        <EnrolForm
          locale={locale}
          revoked={revoked}
          unsent={state.queue.length}
          onEnrolled={(enrolled) => {
            setRevoked(false);
            update(keepDevice(enrolled));
          }}
        />
      ) : !sailing ? (
        <SailingPicker
          locale={locale}
          device={device}
          onRevoked={onRevoked}
          onChosen={(chosen) => {
            update(keepSailing(chosen));
          }}
        />
      ) : (
        <ScanStation
          locale={locale}
          sailing={sailing}
          queued={state.queue.length}
          online={online}
          conflicts={conflicts}
          refusal={refusal}
          onState={update}
          onScanned={() => void sync()}
          onChangeSailing={() => {
            update(keepSailing(undefined));
          }}
        />
      )}
    </div>
  );
}
