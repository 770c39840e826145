import { describe, expect, it } from 'vitest';
import {
  cancellationQuote,
  cancellationRefund,
  cancellationRefusal,
  checkInRefusal,
  claimRefusal,
  refundDueDate,
  rescheduleFee,
  rescheduleRefusal,
  segmentTravelled,
  splitKeepsMinorsAccompanied,
  targetSailingRefusal,
  type TicketState,
} from '../../../src/domain/after-sales.ts';
import { ticketNumber } from '../../../src/domain/ticket-numbers.ts';
import { isIndonesianPublicHoliday } from '../../../src/server/calendar/indonesian-holidays.ts';

// Sunday 6 December 2026, 08:00 WIB.
const departsAt = new Date('2026-12-06T01:00:00Z');
const minutesBefore = (minutes: number) => new Date(departsAt.getTime() - minutes * 60_000);
const active: TicketState = { status: 'active' };

describe('reschedule', () => {
  it.each([
    [121, active, undefined],
    [120, active, undefined], // exactly 2 hours before: still allowed
    [119, active, 'change_closed'],
    [600, { status: 'checked_in' }, 'checked_in'],
    [600, { status: 'active', rescheduledFrom: 'TK-K7M4QX-18R' }, 'already_rescheduled'],
    [600, { status: 'rescheduled' }, 'already_rescheduled'],
    [600, { status: 'cancelled' }, 'not_active'],
  ] as const)('%i minutes before, %j: %s', (minutes, ticket, refusal) => {
    expect(rescheduleRefusal(ticket, departsAt, minutesBefore(minutes))).toBe(refusal);
  });

  it('is free with the same operator and IDR 100,000 a ticket with another, paid at the counter', () => {
    expect(rescheduleFee('SEX', 'SEX', 3)).toBe(0);
    expect(rescheduleFee('SEX', 'RJF', 3)).toBe(300_000);
  });
});

describe('cancellation', () => {
  it.each([
    [120, false, undefined],
    [119, false, 'change_closed'],
    [-60, true, undefined], // the operator cancelled: a refund is still accepted after the departure
    [-7 * 24 * 60, true, undefined], // exactly 1 week after departure
    [-7 * 24 * 60 - 1, true, 'claim_closed'],
  ] as const)('%i minutes before departure, operator cancelled %s: %s', (minutes, operator, refusal) => {
    expect(cancellationRefusal(active, departsAt, minutesBefore(minutes), operator)).toBe(refusal);
  });

  it('refunds what was paid less IDR 150,000, never below zero, and everything when the operator cancelled', () => {
    expect(cancellationRefund(650_000, false)).toBe(500_000);
    expect(cancellationRefund(150_000, false)).toBe(0);
    expect(cancellationRefund(95_000, false)).toBe(0); // an infant's ticket
    expect(cancellationRefund(650_000, true)).toBe(650_000);
  });

  it('lets a checked-in passenger of a sailing the operator cancelled be refunded or moved, free, at any time', () => {
    const checkedIn: TicketState = { status: 'checked_in' };
    const moved: TicketState = { status: 'active', rescheduledFrom: 'TK-K7M4QX-18R' };
    expect(cancellationRefusal(checkedIn, departsAt, minutesBefore(30), true)).toBeUndefined();
    expect(rescheduleRefusal(checkedIn, departsAt, minutesBefore(-60), true)).toBeUndefined();
    expect(rescheduleRefusal(moved, departsAt, minutesBefore(10), true)).toBeUndefined();
    expect(rescheduleRefusal({ status: 'cancelled' }, departsAt, minutesBefore(600), true)).toBe(
      'not_active',
    );
    expect(cancellationRefusal({ status: 'rescheduled' }, departsAt, minutesBefore(600), true)).toBe(
      'not_active',
    );
  });

  it('refuses a checked-in or already cancelled ticket', () => {
    expect(cancellationRefusal({ status: 'checked_in' }, departsAt, minutesBefore(600), false)).toBe(
      'checked_in',
    );
    expect(cancellationRefusal({ status: 'cancelled' }, departsAt, minutesBefore(600), false)).toBe(
      'not_active',
    );
  });
});

describe('refund date: 7 Indonesian working days from the day after the request', () => {
  const noHolidays = () => false;
  it.each([
    ['2026-11-23', '2026-12-02'], // Monday: Tue..Fri (4) + Mon..Wed (3)
    ['2026-11-27', '2026-12-08'], // Friday: the weekend does not count
    ['2026-11-28', '2026-12-08'], // Saturday: counting starts Monday
  ])('asked on %s, paid by %s', (asked, due) => {
    expect(refundDueDate(asked, noHolidays)).toBe(due);
  });

  it('skips public holidays as the Indonesian calendar has them (Christmas 2026 falls on a Friday)', () => {
    expect(isIndonesianPublicHoliday('2026-12-25')).toBe(true);
    expect(isIndonesianPublicHoliday('2026-08-17')).toBe(true);
    expect(isIndonesianPublicHoliday('2026-12-24')).toBe(false);
    // Asked Monday 21 December: Tue 22, Wed 23, Thu 24, (Fri 25 Christmas), Mon 28, Tue 29, Wed 30, Thu 31.
    expect(refundDueDate('2026-12-21', isIndonesianPublicHoliday)).toBe('2026-12-31');
    expect(refundDueDate('2026-12-21', noHolidays)).toBe('2026-12-30');
    expect(() => refundDueDate('2026-12-21', () => true)).toThrow(RangeError);
  });
});

describe('online check-in: from 24 hours to 1 hour before departure', () => {
  it.each([
    [24 * 60 + 1, active, 'not_open_yet'],
    [24 * 60, active, undefined], // exactly 24 hours before: open
    [60, active, undefined], // exactly 1 hour before: still open
    [59, active, 'closed'],
    [300, { status: 'checked_in' }, undefined], // twice is harmless
    [300, { status: 'cancelled' }, 'not_active'],
  ] as const)('%i minutes before, %j: %s', (minutes, ticket, refusal) => {
    expect(checkInRefusal(ticket, departsAt, minutesBefore(minutes))).toBe(refusal);
  });
});

describe('claiming an open ticket online', () => {
  it.each([
    ['2027-02-20', '2026-12-06', 60, undefined], // exactly 1 hour before
    ['2027-02-20', '2026-12-06', 59, 'claim_closed_online'],
    ['2026-12-06', '2026-12-06', 600, undefined], // the last valid day
    ['2026-12-05', '2026-12-06', 600, 'expired'],
  ] as const)(
    'valid until %s, sailing on %s, %i minutes before: %s',
    (validUntil, date, minutes, refusal) => {
      expect(claimRefusal(active, validUntil, date, departsAt, minutesBefore(minutes))).toBe(refusal);
    },
  );
});

describe('the sailing a ticket moves onto', () => {
  const current = { sailingId: 'old', routeId: 'btc-hfc' };
  const target = (changes: Partial<{ id: string; routeId: string; status: string }> = {}) => ({
    id: 'new',
    routeId: 'btc-hfc',
    status: 'scheduled',
    departsAt,
    ...changes,
  });
  it.each([
    [61, {}, undefined],
    [60, {}, undefined], // leaves exactly 1 hour from now: still open online
    [59, {}, 'too_soon'],
    [600, { id: 'old' }, 'same_sailing'],
    [600, { routeId: 'hfc-btc' }, 'other_route'],
    [600, { status: 'cancelled' }, 'not_scheduled'],
  ] as const)('%i minutes before it leaves, %j: %s', (minutes, changes, refusal) => {
    expect(targetSailingRefusal(current, target(changes), minutesBefore(minutes))).toBe(refusal);
  });
});

describe('splitting a party between sailings', () => {
  it.each([
    [[['adult'], ['adult', 'child']], true],
    [[['child'], ['adult']], false], // a child alone on the new sailing
    [[['adult', 'infant'], []], true], // everyone moved: nobody stays behind
    [[['adult', 'infant', 'infant'], []], false], // two infants on one lap
    [[['adult'], ['infant']], false],
  ] as const)('%j: %s', (groups, fine) => {
    expect(splitKeepsMinorsAccompanied(groups)).toBe(fine);
  });
});

describe('segments still travelled', () => {
  const ticket = (segment: number, status: TicketState['status']) => ({ leg: 0, segment, status });
  it('keeps segment 0 before tickets exist, drops a segment everyone left, keeps one with a cancelled ticket', () => {
    expect(segmentTravelled({ leg: 0, segment: 0 }, [])).toBe(true);
    expect(segmentTravelled({ leg: 0, segment: 0 }, [ticket(0, 'rescheduled'), ticket(1, 'active')])).toBe(
      false,
    );
    expect(segmentTravelled({ leg: 0, segment: 0 }, [ticket(0, 'rescheduled'), ticket(0, 'active')])).toBe(
      true,
    );
    expect(segmentTravelled({ leg: 0, segment: 1 }, [ticket(1, 'cancelled')])).toBe(true);
    expect(segmentTravelled({ leg: 1, segment: 0 }, [ticket(0, 'rescheduled')])).toBe(true);
  });
});

describe('cancellation quote', () => {
  it('adds up what was paid, the fees kept and the refund, never below zero per ticket', () => {
    expect(
      cancellationQuote([
        { paid: 645_000, operatorCancelled: false },
        { paid: 100_000, operatorCancelled: false }, // less than the fee: refunds nothing
        { paid: 645_000, operatorCancelled: true }, // the operator cancelled: no fee
      ]),
    ).toEqual({ paid: 1_390_000, fee: 250_000, refund: 1_140_000 });
  });
  it('lets an open ticket not claimed yet be cancelled up to its last valid day', () => {
    const open = (today: string) => ({ validUntil: '2027-02-20', today });
    expect(cancellationRefusal(active, open('2027-02-20'), minutesBefore(0), false)).toBeUndefined();
    expect(cancellationRefusal(active, open('2027-02-21'), minutesBefore(0), false)).toBe('not_active');
    expect(cancellationRefusal({ status: 'expired' }, open('2026-12-01'), minutesBefore(0), false)).toBe(
      'not_active',
    );
  });

  it('lets travellers of a cancelled sailing move, free, up to 1 week after its departure; never check in', () => {
    const week = 7 * 24 * 60;
    expect(rescheduleRefusal({ status: 'claimed' }, departsAt, minutesBefore(-week), true)).toBeUndefined();
    expect(rescheduleRefusal(active, departsAt, minutesBefore(-week - 1), true)).toBe('claim_closed');
    expect(checkInRefusal(active, departsAt, minutesBefore(120), true)).toBe('sailing_cancelled');
  });
});

describe('ticket numbers of a reschedule', () => {
  it('keeps the booked number for segment 0 and numbers the later segments', () => {
    expect(ticketNumber('K7M4QX', 1, 0)).toBe('TK-K7M4QX-2D');
    expect(ticketNumber('K7M4QX', 1, 0, 1)).toBe('TK-K7M4QX-2D2');
    expect(ticketNumber('K7M4QX', 17, 1, 9)).toBe('TK-K7M4QX-18R10'); // 15 characters: within the column's 16
  });
});
