import { describe, expect, it } from 'vitest';
import {
  assertMove,
  assertTicketMove,
  bookingStatuses,
  canMove,
  canMoveTicket,
  effectiveStatus,
  extendedHoldExpiry,
  ForbiddenMove,
  holdsSeatsAt,
  keepSeatsRefusal,
  nextAction,
  paymentDeadline,
  ticketStatuses,
  type BookingStatus,
  type TicketStatus,
} from '../../../src/domain/booking-lifecycle.ts';

const allowed: [BookingStatus, BookingStatus][] = [
  ['held', 'awaiting_payment'],
  ['held', 'expired'],
  ['held', 'paid'],
  ['awaiting_payment', 'paid'],
  ['awaiting_payment', 'expired'],
  ['expired', 'paid'],
];
const allowedTickets: [TicketStatus, TicketStatus][] = [
  ['active', 'checked_in'],
  ['active', 'cancelled'],
  ['active', 'rescheduled'],
  ['active', 'claimed'],
  ['active', 'expired'],
  ['checked_in', 'boarded'],
  ['checked_in', 'cancelled'],
  ['checked_in', 'rescheduled'],
  ['claimed', 'checked_in'],
  ['claimed', 'cancelled'],
  ['claimed', 'rescheduled'], // off a sailing the operator cancelled
];
const pairs = <T extends string>(states: readonly T[]) =>
  states.flatMap((from) => states.map((to) => [from, to] as const));
const key = (from: string, to: string) => `${from}->${to}`;

describe('the booking lifecycle', () => {
  it('allows exactly the moves in its table, and refuses every other one', () => {
    const ok = new Set(allowed.map(([from, to]) => key(from, to)));
    for (const [from, to] of pairs(bookingStatuses)) {
      if (from === to) continue;
      expect(canMove(from, to), key(from, to)).toBe(ok.has(key(from, to)));
      if (ok.has(key(from, to)))
        expect(() => {
          assertMove(from, to);
        }).not.toThrow();
      else
        expect(
          () => {
            assertMove(from, to);
          },
          key(from, to),
        ).toThrow(ForbiddenMove);
    }
  });

  it('never moves a paid booking, and lets a ticket go only forward', () => {
    for (const to of bookingStatuses) if (to !== 'paid') expect(canMove('paid', to)).toBe(false);
    const ok = new Set(allowedTickets.map(([from, to]) => key(from, to)));
    for (const [from, to] of pairs(ticketStatuses)) {
      if (from === to) continue;
      expect(canMoveTicket(from, to), key(from, to)).toBe(ok.has(key(from, to)));
      if (!ok.has(key(from, to)))
        expect(() => {
          assertTicketMove(from, to);
        }).toThrow(ForbiddenMove);
    }
  });

  const expiry = new Date('2026-11-21T10:20:00Z');
  const at = (ms: number) => new Date(expiry.getTime() + ms);
  it.each([
    ['held', expiry, at(-1), true, 'held', 'continue_booking'],
    ['held', expiry, at(0), false, 'expired', 'search_again'],
    ['awaiting_payment', expiry, at(-1000), true, 'awaiting_payment', 'pay'],
    ['awaiting_payment', expiry, at(1), false, 'expired', 'search_again'],
    ['paid', null, at(10 ** 10), true, 'paid', 'download_tickets'],
    ['expired', expiry, at(-60_000), false, 'expired', 'search_again'],
  ] as const)(
    '%s until %s, at %s: holds seats %s, reads %s, next %s',
    (status, expiresAt, t, holds, reads, next) => {
      const booking = { status, expiresAt };
      expect(holdsSeatsAt(booking, t)).toBe(holds);
      expect(effectiveStatus(booking, t)).toBe(reads);
      expect(nextAction(booking, t)).toBe(next);
    },
  );

  it('gives 60 minutes to pay, never past the booking cutoff, in whole seconds', () => {
    const now = new Date('2026-11-21T10:00:00.400Z');
    expect(paymentDeadline(now, 60).toISOString()).toBe('2026-11-21T11:00:01.000Z');
    const departs = new Date('2026-11-21T11:30:00Z');
    expect(paymentDeadline(now, 60, departs).toISOString()).toBe('2026-11-21T10:30:00.000Z');
    expect(paymentDeadline(now, 60, new Date('2026-11-21T10:30:00Z')) <= now).toBe(true);
  });
});

describe('keeping the seats longer', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  const held = (expiresAt: Date, holdExtendedAt: Date | null = null) => ({
    status: 'held' as const,
    expiresAt,
    holdExtendedAt,
  });

  it('extends a hold once, and only a hold', () => {
    expect(keepSeatsRefusal(held(at(3)))).toBeUndefined();
    // Lapsed but not swept: allowed by the rule; the use case then counts the seats.
    expect(keepSeatsRefusal(held(at(-1)))).toBeUndefined();
    expect(keepSeatsRefusal(held(at(3), at(-10)))).toBe('already_extended');
    for (const status of ['awaiting_payment', 'paid', 'expired'] as const)
      expect(keepSeatsRefusal({ status, expiresAt: at(3), holdExtendedAt: null })).toBe('not_held');
  });

  it('adds 20 minutes to the expiry, or to now once it lapsed, in whole seconds', () => {
    expect(extendedHoldExpiry(at(3), now).toISOString()).toBe('2026-11-21T10:23:00.000Z');
    expect(extendedHoldExpiry(at(-2), now).toISOString()).toBe('2026-11-21T10:20:00.000Z');
    expect(extendedHoldExpiry(at(3), new Date('2026-11-21T10:00:00.400Z')).toISOString()).toBe(
      '2026-11-21T10:23:00.000Z',
    );
  });
});
