import { describe, expect, it } from 'vitest';
import type { BoardingPassPayload } from '../../../src/domain/boarding-pass-payload.ts';
import { gateVerdict, type GateSailing } from '../../../src/domain/gate.ts';

const departure = new Date('2026-11-28T23:00:00Z');
const pass: BoardingPassPayload = {
  keyId: 'dev-01',
  ticketNumber: 'TK-H8BG2F-1D',
  sailingId: '0b7c5f0e-3c1d-4e59-9a53-6f7d1a2b3c4d',
  departure,
  initials: 'RW',
  expiresAt: departure,
};
const sailing = (over: Partial<GateSailing> = {}): GateSailing => ({
  id: pass.sailingId.toUpperCase(),
  departure,
  manifest: new Map([[pass.ticketNumber, { boarded: false }]]),
  revoked: new Map(),
  ...over,
});
const now = new Date('2026-11-28T22:40:00Z');
const none = new Set<string>();

describe('the gate boards a pass whose signature verified', () => {
  it('boards a checked-in ticket on its sailing, once', () => {
    expect(gateVerdict(pass, sailing(), none, now)).toEqual({ ok: true });
    expect(gateVerdict(pass, sailing(), new Set([pass.ticketNumber]), now)).toEqual({
      ok: false,
      reason: 'already-boarded',
    });
    const boarded = sailing({ manifest: new Map([[pass.ticketNumber, { boarded: true }]]) });
    expect(gateVerdict(pass, boarded, none, now)).toEqual({ ok: false, reason: 'already-boarded' });
  });

  it('refuses a pass after its sailing left, for another sailing, or not on the manifest', () => {
    expect(gateVerdict(pass, sailing(), none, departure)).toEqual({ ok: false, reason: 'expired' });
    expect(gateVerdict(pass, sailing({ id: 'b7c5f0e0-3c1d-4e59-9a53-6f7d1a2b3c4d' }), none, now)).toEqual({
      ok: false,
      reason: 'other-sailing',
    });
    expect(gateVerdict(pass, sailing({ manifest: new Map() }), none, now)).toEqual({
      ok: false,
      reason: 'not-on-manifest',
    });
  });

  it("refuses a revoked ticket with its reason, and a delayed sailing's old pass but not its new one", () => {
    for (const reason of ['cancelled', 'rescheduled', 'sailing-cancelled'] as const) {
      const revoked = sailing({ revoked: new Map([[pass.ticketNumber, { reason }]]) });
      expect(gateVerdict(pass, revoked, none, now)).toEqual({ ok: false, reason });
    }
    const later = new Date(departure.getTime() + 3_600_000);
    const delayed = sailing({
      departure: later,
      revoked: new Map([[pass.ticketNumber, { reason: 'delayed', departure }]]),
    });
    expect(gateVerdict(pass, delayed, none, now)).toEqual({ ok: false, reason: 'delayed' });
    expect(gateVerdict({ ...pass, departure: later, expiresAt: later }, delayed, none, now)).toEqual({
      ok: true,
    });
  });
});
