import type { BoardingPassPayload } from './boarding-pass-payload.ts';
import type { PassRefusal } from './signed-boarding-pass.ts';

/**
 * The gate's rules (issue 41, the scanner at `/staff/scan`): whether a boarding pass whose signature verified boards
 * the sailing being boarded. Pure, so the scanner applies them offline with what it kept: the sailing (its departure
 * as it is now), its manifest, the day's revocations, and what this device has boarded since its last upload.
 */

/** Why a pass no longer holds, though its signature does: what the day's revocation list says of a ticket. */
export const revocationReasons = ['cancelled', 'rescheduled', 'sailing-cancelled', 'delayed'] as const;
export type RevocationReason = (typeof revocationReasons)[number];

/** Why a gate refuses a pass: its signature (from the verifier), then these rules. */
export type GateRefusal =
  PassRefusal | 'expired' | 'other-sailing' | 'not-on-manifest' | 'already-boarded' | RevocationReason;

export interface GateRevocation {
  reason: RevocationReason;
  /** For `delayed`: the departure the superseded pass signed (a new pass with the new time holds). */
  departure?: Date;
}

/** What a scanning device keeps for the sailing it boards, refreshed while online. */
export interface GateSailing {
  id: string;
  /** The departure as it is now: a pass signed with another (the sailing was delayed since) is refused. */
  departure: Date;
  /** Its checked-in tickets (and those boarded already), by ticket number. */
  manifest: ReadonlyMap<string, { boarded: boolean }>;
  /** The day's revoked tickets, by number. */
  revoked: ReadonlyMap<string, GateRevocation>;
}

export type GateVerdict = { ok: true } | { ok: false; reason: GateRefusal };

/**
 * Whether `pass` boards `sailing` at `now`; `boardedHere` holds the tickets this device boarded and has not yet
 * uploaded. A pass is good until its sailing leaves (its expiry).
 */
export function gateVerdict(
  pass: BoardingPassPayload,
  sailing: GateSailing,
  boardedHere: ReadonlySet<string>,
  now: Date,
): GateVerdict {
  const refuse = (reason: GateRefusal): GateVerdict => ({ ok: false, reason });
  if (now.getTime() >= pass.expiresAt.getTime()) return refuse('expired');
  if (pass.sailingId !== sailing.id.toLowerCase()) return refuse('other-sailing');
  const revoked = sailing.revoked.get(pass.ticketNumber);
  if (revoked && revoked.reason !== 'delayed') return refuse(revoked.reason);
  // A delay supersedes the passes signed with the old departure; the new pass names the sailing's current one.
  if (pass.departure.getTime() !== sailing.departure.getTime()) return refuse('delayed');
  const entry = sailing.manifest.get(pass.ticketNumber);
  if (!entry) return refuse('not-on-manifest');
  if (entry.boarded || boardedHere.has(pass.ticketNumber)) return refuse('already-boarded');
  return { ok: true };
}

/** A gate device's set-up code is good this long after an admin adds the device (later: revoke it and add it again). */
export const GATE_SET_UP_MINUTES = 15;
/** The most boardings one upload carries: a day's queue of a busy gate fits, a runaway one is cut. */
export const GATE_MAX_MARKS = 200;
/** What an upload's boarding came to: boarded now, boarded before (by another scan), or not a ticket to board. */
export const boardingOutcomes = ['boarded', 'already_boarded', 'not_boardable'] as const;
export type BoardingOutcome = (typeof boardingOutcomes)[number];
