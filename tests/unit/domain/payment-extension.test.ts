import { describe, expect, it } from 'vitest';
import {
  extendedPaymentDeadline,
  paymentExtensionRefusal,
  PAYMENT_EXTENSION_MINUTES,
} from '../../../src/domain/booking-lifecycle.ts';

const now = new Date('2026-11-26T03:00:00Z');
const deadline = new Date('2026-11-26T03:30:00Z');

describe('extending a payment deadline', () => {
  it('extends a live deadline awaiting payment, once', () => {
    const awaiting = { status: 'awaiting_payment' as const, expiresAt: deadline, paymentExtendedAt: null };
    expect(paymentExtensionRefusal(awaiting, now)).toBeUndefined();
    expect(paymentExtensionRefusal({ ...awaiting, paymentExtendedAt: now }, now)).toBe('already_extended');
    expect(paymentExtensionRefusal(awaiting, deadline)).toBe('not_awaiting');
    expect(paymentExtensionRefusal({ ...awaiting, status: 'held' }, now)).toBe('not_awaiting');
    expect(paymentExtensionRefusal({ ...awaiting, status: 'paid' }, now)).toBe('not_awaiting');
  });

  it('adds an hour, never past the first departure’s booking cutoff, and nothing when the cutoff has come', () => {
    expect(extendedPaymentDeadline(deadline)?.toISOString()).toBe(
      new Date(deadline.getTime() + PAYMENT_EXTENSION_MINUTES * 60_000).toISOString(),
    );
    // Departing 05:00 UTC: bookings close an hour before (availability.ts), so 04:00 at the latest.
    const departure = new Date('2026-11-26T05:00:00Z');
    expect(extendedPaymentDeadline(new Date('2026-11-26T03:45:00Z'), departure)?.toISOString()).toBe(
      '2026-11-26T04:00:00.000Z',
    );
    expect(extendedPaymentDeadline(new Date('2026-11-26T04:00:00Z'), departure)).toBeUndefined();
  });
});
