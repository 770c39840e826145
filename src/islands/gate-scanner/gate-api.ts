import { GATE_MAX_MARKS, type BoardingOutcome } from '../../domain/gate.ts';
import type { Locale } from '../../i18n/locales.ts';
import {
  gateState,
  settleMarks,
  type GateDevice,
  type GateSailingLabel,
  type KeptSailing,
} from '../../stores/gate-scanner.ts';

/**
 * A device call's end: its answer, the device revoked (its token refused), refused for what it sent (a 4xx: sending
 * it again would not help), or no answer (offline, a timeout, the server down or busy: worth trying again).
 */
export type DeviceAnswer<T> =
  | { kind: 'ok'; body: T }
  | { kind: 'revoked' }
  | { kind: 'refused'; message: string }
  | { kind: 'unreachable' };

/** A call on a connection that looks alive but carries nothing gives up after this, to be tried again later. */
const TIMEOUT_MS = 15_000;

async function asDevice<T>(
  device: GateDevice,
  path: string,
  locale: Locale,
  body?: unknown,
): Promise<DeviceAnswer<T>> {
  try {
    const response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: {
        Accept: 'application/json',
        'Accept-Language': locale,
        Authorization: `Bearer ${device.token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status === 401) return { kind: 'revoked' };
    if (response.status >= 400 && response.status < 500 && ![408, 429].includes(response.status)) {
      const refusal = (await response.json().catch(() => ({}))) as { message?: string };
      return { kind: 'refused', message: refusal.message ?? String(response.status) };
    }
    if (!response.ok) return { kind: 'unreachable' };
    return { kind: 'ok', body: (await response.json()) as T };
  } catch {
    return { kind: 'unreachable' };
  }
}

/** The sailings leaving from 2 hours ago to a day ahead, to choose the one being boarded. */
export const listSailings = (device: GateDevice, locale: Locale) =>
  asDevice<{ sailings: GateSailingLabel[] }>(device, '/api/gate/sailings', locale);

/** The sailing's manifest, revocations and keys, to keep for scanning offline. */
export const readSailing = (device: GateDevice, id: string, locale: Locale) =>
  asDevice<KeptSailing>(device, `/api/gate/sailings/${encodeURIComponent(id)}`, locale);

export type UploadCounts = Record<BoardingOutcome, number>;

/**
 * Sends the queued boardings (the oldest, up to an upload's most) and lets go of those answered. A lost answer
 * leaves them queued: sent again with the same nonces, they board nobody twice.
 */
export async function uploadQueue(device: GateDevice, locale: Locale): Promise<DeviceAnswer<UploadCounts>> {
  const marks = gateState().queue.slice(0, GATE_MAX_MARKS);
  const counts: UploadCounts = { boarded: 0, already_boarded: 0, not_boardable: 0 };
  if (marks.length === 0) return { kind: 'ok', body: counts };
  const answer = await asDevice<{
    results: { nonce: string; ticketNumber: string; outcome: BoardingOutcome }[];
  }>(device, '/api/gate/boardings', locale, { marks });
  if (answer.kind !== 'ok') return answer;
  for (const result of answer.body.results) counts[result.outcome] += 1;
  settleMarks(
    new Map(
      answer.body.results.map((result) => [
        result.nonce,
        { ticketNumber: result.ticketNumber, aboard: result.outcome !== 'not_boardable' },
      ]),
    ),
  );
  return { kind: 'ok', body: counts };
}
