import { describe, expect, it } from 'vitest';
import type { TicketStatus } from '../../../src/domain/booking-lifecycle.ts';
import {
  bookingStanding,
  ticketStanding,
  type StandingRefund,
} from '../../../src/domain/booking-standing.ts';

const t = (ticketNumber: string, status: TicketStatus) => ({ ticketNumber, status });
const refund = (status: StandingRefund['status'], ...ticketNumbers: string[]): StandingRefund => ({
  status,
  ticketNumbers,
});

describe('where a ticket stands', () => {
  it.each([
    ['active on a sailing', t('A', 'active'), true, [], 'paid'],
    ['active, an open ticket', t('A', 'active'), false, [], 'open'],
    ['claimed', t('A', 'claimed'), true, [], 'claimed'],
    ['checked in', t('A', 'checked_in'), true, [], 'checked_in'],
    ['boarded', t('A', 'boarded'), true, [], 'boarded'],
    ['moved by a reschedule', t('A', 'rescheduled'), true, [], 'rescheduled'],
    ['expired', t('A', 'expired'), false, [], 'expired'],
    ['cancelled, its refund queued', t('A', 'cancelled'), true, [refund('queued', 'A')], 'refund_pending'],
    ['cancelled, its refund paid', t('A', 'cancelled'), true, [refund('done', 'A')], 'refunded'],
    ['cancelled, another ticket refunded', t('A', 'cancelled'), true, [refund('done', 'B')], 'cancelled'],
    ['cancelled, nothing to refund', t('A', 'cancelled'), true, [], 'cancelled'],
  ] as const)('%s', (_, ticket, hasSailing, refunds, standing) => {
    expect(ticketStanding({ ...ticket, hasSailing }, refunds)).toBe(standing);
  });
});

describe('where a booking stands', () => {
  it.each([
    ['before payment: its status', 'awaiting_payment', [t('A', 'active')], [], 'awaiting_payment'],
    ['paid, every ticket standing', 'paid', [t('A', 'active'), t('B', 'checked_in')], [], 'paid'],
    ['a reschedule replaced one: still paid', 'paid', [t('A', 'rescheduled'), t('A2', 'active')], [], 'paid'],
    [
      'some cancelled',
      'paid',
      [t('A', 'cancelled'), t('B', 'active')],
      [refund('queued', 'A')],
      'partly_cancelled',
    ],
    [
      'all cancelled, a refund queued',
      'paid',
      [t('A', 'cancelled'), t('B', 'cancelled')],
      [refund('done', 'A'), refund('queued', 'B')],
      'refund_pending',
    ],
    [
      'all cancelled, refunded',
      'paid',
      [t('A', 'cancelled'), t('B', 'cancelled')],
      [refund('done', 'A', 'B')],
      'refunded',
    ],
    ['all cancelled, nothing to refund', 'paid', [t('A', 'cancelled')], [], 'cancelled'],
    [
      'the moved ticket cancelled too',
      'paid',
      [t('A', 'rescheduled'), t('A2', 'cancelled')],
      [refund('queued', 'A2')],
      'refund_pending',
    ],
  ] as const)('%s', (_, status, tickets, refunds, standing) => {
    expect(bookingStanding(status, tickets, refunds)).toBe(standing);
  });
});
