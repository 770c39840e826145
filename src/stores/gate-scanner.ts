import type { GateRevocation, GateSailing, RevocationReason } from '../domain/gate.ts';

/**
 * What a gate phone keeps in its own storage (docs/decisions/0014), so it scans with no connection: its device
 * token, the sailing it boards (manifest, revocations, keys, as last read online) and the boardings not yet sent,
 * each with the nonce drawn when it was scanned, so a retried upload never boards twice.
 */
export interface GateDevice {
  id: string;
  name: string;
  token: string;
}

/** A published boarding-pass key as the gate's sailing read hands it over (RFC 8037). */
export interface PassKey {
  kid: string;
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
}

/** A sailing as GET /api/gate/sailings lists it. */
export interface GateSailingLabel {
  id: string;
  cancelled: boolean;
  from: { en: string; id: string };
  to: { en: string; id: string };
  operator: string;
  departure: { at: string; date: string; time: string; zone: string };
}

/** GET /api/gate/sailings/{id}: what the scanner needs offline. */
export interface KeptSailing extends GateSailingLabel {
  manifest: { ticketNumber: string; initials: string; boarded: boolean }[];
  revoked: { ticketNumber: string; reason: RevocationReason; departure?: string }[];
  keys: { keys: PassKey[] };
  readAt: string;
}

export interface QueuedMark {
  nonce: string;
  sailingId: string;
  ticketNumber: string;
  scannedAt: string;
}

export interface GateState {
  device?: GateDevice;
  sailing?: KeptSailing;
  queue: QueuedMark[];
}

const KEY = 'segara.gate.v1';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function gateState(): GateState {
  try {
    const parsed = JSON.parse(storage()?.getItem(KEY) ?? 'null') as Partial<GateState> | null;
    return { ...parsed, queue: Array.isArray(parsed?.queue) ? parsed.queue : [] };
  } catch {
    return { queue: [] };
  }
}

function save(state: GateState): GateState {
  try {
    storage()?.setItem(KEY, JSON.stringify(state));
  } catch {
    // Storage full or refused: the scanner goes on with what it holds in memory.
  }
  return state;
}

/** Enrolled: the token the server showed once. */
export const keepDevice = (device: GateDevice): GateState => save({ ...gateState(), device });

/**
 * The device was revoked (its token refused): its token and sailing go. The boardings it has not sent stay, to go up
 * with the phone's next enrolment (their nonces are new to the server), and the scanner says how many wait.
 */
export function forgetDevice(): GateState {
  return save({ queue: gateState().queue });
}

/** A fresher read of the sailing being boarded (or another chosen); the queue stays, whichever sailing it is for. */
export const keepSailing = (sailing: KeptSailing | undefined): GateState => {
  const { device, queue } = gateState();
  return save({ ...(device ? { device } : {}), ...(sailing ? { sailing } : {}), queue });
};

export const queueMark = (mark: QueuedMark): GateState => {
  const state = gateState();
  return save({ ...state, queue: [...state.queue, mark] });
};

/**
 * The marks the server answered for (boarded, boarded before, or not boardable) leave the queue, and the tickets it
 * says are aboard are marked boarded in the kept list in the same write: scanned again before the list is read
 * anew (or with no connection to read it), they are "already boarded", never boarded twice.
 */
export function settleMarks(
  answered: ReadonlyMap<string, { ticketNumber: string; aboard: boolean }>,
): GateState {
  const state = gateState();
  const aboard = new Set([...answered.values()].filter((a) => a.aboard).map((a) => a.ticketNumber));
  const sailing = state.sailing && {
    ...state.sailing,
    manifest: state.sailing.manifest.map((row) =>
      aboard.has(row.ticketNumber) ? { ...row, boarded: true } : row,
    ),
  };
  return save({
    ...state,
    ...(sailing ? { sailing } : {}),
    queue: state.queue.filter((mark) => !answered.has(mark.nonce)),
  });
}

/** The kept sailing as the gate's rules read it (domain/gate.ts). */
export function gateSailingOf(kept: KeptSailing): GateSailing {
  return {
    id: kept.id,
    departure: new Date(kept.departure.at),
    manifest: new Map(kept.manifest.map((row) => [row.ticketNumber, { boarded: row.boarded }])),
    revoked: new Map(
      kept.revoked.map((row): [string, GateRevocation] => [
        row.ticketNumber,
        { reason: row.reason, ...(row.departure ? { departure: new Date(row.departure) } : {}) },
      ]),
    ),
  };
}

/** The tickets this phone boarded on `sailingId` and has not sent yet: scanned again, they are "already boarded". */
export const boardedHere = (state: GateState, sailingId: string): Set<string> =>
  new Set(state.queue.filter((mark) => mark.sailingId === sailingId).map((mark) => mark.ticketNumber));
