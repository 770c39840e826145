import { useCallback, useRef, useState } from 'react';
import * as m from '../../paraglide/messages.js';
import type { BoardingPassPayload } from '../../domain/boarding-pass-payload.ts';
import { gateVerdict, type GateRefusal } from '../../domain/gate.ts';
import type { Locale } from '../../i18n/locales.ts';
import {
  boardedHere,
  gateSailingOf,
  gateState,
  queueMark,
  type GateState,
  type KeptSailing,
} from '../../stores/gate-scanner.ts';
import Camera from './Camera.tsx';
import { sailingName } from './SailingPicker.tsx';
import { verifyPassText } from './verify-pass.ts';

interface Props {
  locale: Locale;
  sailing: KeptSailing;
  queued: number;
  online: boolean;
  conflicts: number;
  /** What the server said of the last upload it refused (empty: none). */
  refusal: string;
  onState: (state: GateState) => void;
  onScanned: () => void;
  onChangeSailing: () => void;
}

type Result =
  | { board: true; pass: BoardingPassPayload }
  | { board: false; reason: GateRefusal; pass?: BoardingPassPayload };

/**
 * Why a pass does not board, in words. Each message named here: the catalogue's `translate` would bring every
 * message of the site into the scanner's script (~60 KB gzip).
 */
const refusalText: Record<
  GateRefusal,
  (inputs: Record<string, never>, options: { locale: Locale }) => string
> = {
  malformed: m.gate_reason_malformed,
  'unknown-key': m.gate_reason_unknown_key,
  'bad-signature': m.gate_reason_bad_signature,
  expired: m.gate_reason_expired,
  'other-sailing': m.gate_reason_other_sailing,
  'not-on-manifest': m.gate_reason_not_on_manifest,
  'already-boarded': m.gate_reason_already_boarded,
  cancelled: m.gate_reason_cancelled,
  rescheduled: m.gate_reason_rescheduled,
  'sailing-cancelled': m.gate_reason_sailing_cancelled,
  delayed: m.gate_reason_delayed,
};

/** The camera reads a pass many times a second while it is held up: the same text within this is one scan. */
const REPEAT_MS = 3_000;
const clock = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );

/**
 * The gate at work: each pass read is verified on the phone (its Ed25519 signature with the kept keys) and judged
 * by the gate's rules (domain/gate.ts) against the kept passenger list and revocations; a pass that boards is
 * queued with a new nonce for the server, and the verdict shows in large type.
 */
export default function ScanStation(props: Props) {
  const { locale, sailing } = props;
  const t = { locale };
  const [result, setResult] = useState<Result>();
  const last = useRef({ text: '', at: 0 });

  const { onState, onScanned } = props;
  const scanned = useCallback(
    async (text: string, fromCamera: boolean) => {
      const now = Date.now();
      if (fromCamera && text === last.current.text && now - last.current.at < REPEAT_MS) return;
      last.current = { text, at: now };
      const checked = await verifyPassText(text, sailing.keys.keys);
      if (!checked.ok) {
        setResult({ board: false, reason: checked.reason });
        return;
      }
      const { pass } = checked;
      const verdict = gateVerdict(
        pass,
        gateSailingOf(sailing),
        boardedHere(gateState(), sailing.id),
        new Date(now),
      );
      if (!verdict.ok) {
        setResult({ board: false, reason: verdict.reason, pass });
        return;
      }
      onState(
        queueMark({
          nonce: crypto.randomUUID(),
          sailingId: sailing.id,
          ticketNumber: pass.ticketNumber,
          scannedAt: new Date(now).toISOString(),
        }),
      );
      setResult({ board: true, pass });
      onScanned();
    },
    [sailing, onState, onScanned],
  );

  return (
    <div className="grid gap-4" data-testid="gate-station" data-sailing-id={sailing.id}>
      <div className="grid gap-1 rounded-box bg-base-100 p-4">
        <p className="text-lg font-bold">{sailingName(sailing, locale)}</p>
        <div role="status" className="grid gap-1">
          <p data-testid="gate-connection">
            {props.online
              ? m.gate_online({ time: clock(sailing.readAt) }, t)
              : m.gate_offline({ time: clock(sailing.readAt) }, t)}
          </p>
          <p data-testid="gate-queue">
            {props.queued > 0 ? m.gate_queue({ count: props.queued }, t) : m.gate_queue_empty({}, t)}
          </p>
        </div>
        {props.conflicts > 0 && <p role="alert">{m.gate_sent_conflicts({ count: props.conflicts }, t)}</p>}
        {props.refusal && <p role="alert">{m.gate_upload_refused({ message: props.refusal }, t)}</p>}
        {/* Offline no other sailing could be loaded: the gate keeps this one until the connection returns. */}
        <button
          type="button"
          className="btn justify-self-start rounded-full btn-ghost btn-sm"
          disabled={!props.online}
          onClick={props.onChangeSailing}
        >
          {m.gate_change_sailing({}, t)}
        </button>
      </div>
      <div
        role="status"
        data-testid="gate-result"
        data-verdict={result ? (result.board ? 'board' : result.reason) : ''}
        className={`grid min-h-32 gap-1 rounded-box p-5 ${result ? (result.board ? 'bg-success text-success-content' : 'bg-error text-error-content') : 'bg-base-100'}`}
      >
        {result && (
          <>
            <p className="text-4xl font-black">
              {result.board ? m.gate_board({}, t) : m.gate_do_not_board({}, t)}
            </p>
            {!result.board && <p className="text-xl font-semibold">{refusalText[result.reason]({}, t)}</p>}
            {result.pass && (
              <>
                <p className="text-2xl font-bold">
                  {m.gate_check_passport({ initials: result.pass.initials }, t)}
                </p>
                <p className="font-mono">{m.gate_ticket({ number: result.pass.ticketNumber }, t)}</p>
              </>
            )}
          </>
        )}
      </div>
      <Camera locale={locale} onText={(text, fromCamera) => void scanned(text, fromCamera)} />
    </div>
  );
}
