import { describe, expect, it } from 'vitest';
import { bookingStateOf } from '../../../src/domain/booking-search.ts';
import { mailStateOf, MAX_MAIL_ATTEMPTS } from '../../../src/domain/mail-retry.ts';
import { resendRefusal } from '../../../src/domain/staff-actions.ts';

const now = new Date('2026-11-26T03:00:00Z');
const later = new Date('2026-11-26T04:00:00Z');

describe('what the console reads and allows', () => {
  it('resends e-tickets of a paid booking, and a leg’s boarding passes once someone on it checked in', () => {
    const paid = { status: 'paid' as const };
    const tickets = [
      { leg: 0, status: 'checked_in' as const },
      { leg: 1, status: 'active' as const },
    ];
    expect(resendRefusal('booking_paid', paid, tickets)).toBeUndefined();
    expect(resendRefusal('boarding_pass_outbound', paid, tickets)).toBeUndefined();
    expect(resendRefusal('boarding_pass_return', paid, tickets)).toBe('not_checked_in');
    expect(resendRefusal('booking_paid', { status: 'awaiting_payment' }, [])).toBe('not_paid');
  });

  it('reads a mail as sent, queued, retrying, or failed after its last try', () => {
    expect(mailStateOf({ sentAt: now, attempts: 3 })).toBe('sent');
    expect(mailStateOf({ sentAt: null, attempts: 0 })).toBe('queued');
    expect(mailStateOf({ sentAt: null, attempts: MAX_MAIL_ATTEMPTS - 1 })).toBe('retrying');
    expect(mailStateOf({ sentAt: null, attempts: MAX_MAIL_ATTEMPTS })).toBe('failed');
  });

  it('reads a booking’s state, a lapsed hold as expired and a paid one by its tickets', () => {
    const ticket = (ticketNumber: string, status: 'active' | 'cancelled' | 'rescheduled') => ({
      ticketNumber,
      status,
    });
    expect(bookingStateOf({ status: 'held', expiresAt: later }, [], now)).toBe('held');
    expect(bookingStateOf({ status: 'held', expiresAt: now }, [], now)).toBe('expired');
    expect(bookingStateOf({ status: 'awaiting_payment', expiresAt: later }, [], now)).toBe(
      'awaiting_payment',
    );
    expect(bookingStateOf({ status: 'expired', expiresAt: now }, [], now)).toBe('expired');
    const paid = { status: 'paid' as const, expiresAt: null };
    expect(bookingStateOf(paid, [ticket('A', 'active')], now)).toBe('paid');
    expect(bookingStateOf(paid, [ticket('A', 'active'), ticket('B', 'cancelled')], now)).toBe(
      'partly_cancelled',
    );
    expect(bookingStateOf(paid, [ticket('A', 'rescheduled'), ticket('B', 'cancelled')], now)).toBe(
      'cancelled',
    );
  });
});
