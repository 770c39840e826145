import { useCallback, useEffect, useRef, useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { gateState, keepSailing, type GateDevice, type GateState } from '../../stores/gate-scanner.ts';
import { readSailing, uploadQueue } from './gate-api.ts';

/** While online, the queue goes up and the passenger list comes down this often, and at once when a scan queues. */
const SYNC_MS = 60_000;

/**
 * Keeps a gate phone in step while it has a connection: sends the queued boardings, then reads the sailing again
 * (boardings at other gates, new cancellations and check-ins). Offline, it waits for the connection to return. One
 * round at a time: a scan or the timer during a slow upload waits for the round under way and starts one more,
 * rather than sending the same boardings twice at once. `conflicts` counts the sent boardings the server did not take (boarded at another gate meanwhile,
 * or not boardable any more), `refusal` what the server said of an upload it refused: the agent checks those in the
 * console's manifest.
 */
export function useGateSync(
  device: GateDevice | undefined,
  locale: Locale,
  onState: (state: GateState) => void,
  onRevoked: () => void,
) {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  const [conflicts, setConflicts] = useState(0);
  const [refusal, setRefusal] = useState('');
  const running = useRef<Promise<void> | undefined>(undefined);

  const round = useCallback(async () => {
    if (!device || !navigator.onLine) return;
    const upload = await uploadQueue(device, locale);
    if (upload.kind === 'revoked') {
      onRevoked();
      return;
    }
    setRefusal(upload.kind === 'refused' ? upload.message : '');
    if (upload.kind === 'ok')
      setConflicts((n) => n + upload.body.already_boarded + upload.body.not_boardable);
    const sailingId = gateState().sailing?.id;
    const read = sailingId ? await readSailing(device, sailingId, locale) : undefined;
    if (read?.kind === 'revoked') onRevoked();
    // Kept only if the gate still boards that sailing (the agent may have changed it meanwhile).
    else if (read?.kind === 'ok' && gateState().sailing?.id === read.body.id) onState(keepSailing(read.body));
    else onState(gateState());
  }, [device, locale, onState, onRevoked]);
  const again = useRef(false);
  const sync = useCallback(() => {
    if (running.current) {
      // Asked during a round (a scan queued a boarding after the upload left): one more round when it ends.
      again.current = true;
      return running.current;
    }
    // Read through a function: the flag changes while the round awaits.
    const askedAgain = () => again.current;
    const rounds = async () => {
      do {
        again.current = false;
        await round();
      } while (askedAgain());
    };
    running.current = rounds().finally(() => {
      running.current = undefined;
    });
    return running.current;
  }, [round]);

  useEffect(() => {
    void sync();
    const wentOnline = () => {
      setOnline(true);
      void sync();
    };
    const wentOffline = () => {
      setOnline(false);
    };
    addEventListener('online', wentOnline);
    addEventListener('offline', wentOffline);
    const timer = setInterval(() => void sync(), SYNC_MS);
    return () => {
      removeEventListener('online', wentOnline);
      removeEventListener('offline', wentOffline);
      clearInterval(timer);
    };
  }, [sync]);

  return { online, conflicts, refusal, sync };
}
