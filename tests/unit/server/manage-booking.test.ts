import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json' with { type: 'json' };
import id from '../../../messages/id.json' with { type: 'json' };
import type { BookingStanding, TicketStanding } from '../../../src/domain/booking-standing.ts';
import { bookingStandingLabel, ticketStandingLabel } from '../../../src/i18n/booking-status.ts';
import { bookingCancelledMail } from '../../../src/server/mail/after-sales-mails.ts';
import { bookingPaidMail } from '../../../src/server/mail/booking-mails.ts';
import type { Database } from '../../../src/server/db/client.ts';
import { Network } from '../../../src/server/network.ts';
import type { BookingView } from '../../../src/server/services/booking-view.ts';
import { manageBooking } from '../../../src/server/views/manage-booking.ts';
import { refusalLineKeys } from '../../../src/server/views/manage-refusals.ts';
import { reschedulePage } from '../../../src/server/views/reschedule-page.ts';
import { tripCard } from '../../../src/server/views/trip-card.ts';
import {
  before,
  cancelledByOperator,
  openTicketView,
  paidView,
  ticket,
} from '../../factories/after-sales-view.ts';

const network = new Network();
const ticketsOf = (view: BookingView, now: Date, locale: 'en' | 'id' = 'en') =>
  manageBooking(view, network, now, locale).sailings.flatMap((sailing) => sailing.tickets);
const ticketOf = (view: BookingView, now: Date, number: string, locale: 'en' | 'id' = 'en') => {
  const found = ticketsOf(view, now, locale).find((t) => t.ticketNumber === number);
  if (!found) throw new Error(`no ticket ${number}`);
  return found;
};
const tasks = (view: BookingView, now: Date, number: string) =>
  ticketOf(view, now, number).actions.map((action) => action.task);

/** The booking with the outbound's tickets cancelled (and, with `refund`, their refund queued or paid). */
function cancelled(view: BookingView, numbers: string[], refund?: 'queued' | 'done'): BookingView {
  return {
    ...view,
    passengers: view.passengers.map((p) => ({
      ...p,
      tickets: p.tickets.map((t) => (numbers.includes(t.ticketNumber) ? { ...t, status: 'cancelled' } : t)),
    })),
    refunds: refund
      ? [
          {
            amount: 450_000,
            reason: 'cancellation',
            status: refund,
            ticketNumbers: numbers,
            path: 'bank_transfer',
          },
        ]
      : [],
  };
}

/** The one-way booking after its adult moved to a later sailing (Mon 7 Dec, 09:00 WIB): A0 rescheduled, A0B new. */
function adultMovedLater(): BookingView {
  const view = paidView({ oneWay: true, adult: { status: 'rescheduled' } });
  const [outbound] = view.legs;
  if (!outbound) throw new Error('no leg');
  const later = { date: '2026-12-07', time: '09:00', zone: 'WIB' };
  return {
    ...view,
    legs: [
      ...view.legs,
      { ...outbound, segment: 1, sailingId: 'later', departure: later, departsAt: '2026-12-07T02:00:00Z' },
    ],
    passengers: view.passengers.map((p, index) =>
      index === 0
        ? { ...p, tickets: [...p.tickets, ticket('A0B', 0, { segment: 1, rescheduledFrom: 'A0' })] }
        : p,
    ),
  };
}

describe('Manage booking: every status and every refusal has its words', () => {
  const bookingStandings: BookingStanding[] = [
    ...(['held', 'awaiting_payment', 'expired', 'paid', 'partly_cancelled', 'cancelled'] as const),
    ...(['refund_pending', 'refunded'] as const),
  ];
  const ticketStandings: TicketStanding[] = [
    ...(['paid', 'open', 'claimed', 'checked_in', 'boarded', 'rescheduled'] as const),
    ...(['cancelled', 'refund_pending', 'refunded', 'expired'] as const),
  ];
  it.each(['en', 'id'] as const)('%s: a label for each standing', (locale) => {
    for (const standing of bookingStandings) expect(bookingStandingLabel(standing, locale)).toMatch(/\p{L}/u);
    for (const standing of ticketStandings) expect(ticketStandingLabel(standing, locale)).toMatch(/\p{L}/u);
    // Each ticket standing reads differently: none hides behind another's words.
    expect(new Set(ticketStandings.map((s) => ticketStandingLabel(s, locale))).size).toBe(
      ticketStandings.length,
    );
  });
  it.each(Object.entries(refusalLineKeys))(
    '%s: each reason has a line in both catalogues, or none by choice',
    (_, keys) => {
      for (const key of Object.values(keys)) {
        if (key === null) continue;
        expect(en[key]).toBeTruthy();
        expect(id[key]).toBeTruthy();
        expect(id[key]).not.toBe(en[key]);
      }
    },
  );
});

describe('Manage booking: each ticket says where it stands, what it can do now and why not', () => {
  it('3 days before: paid, reschedule and cancel with their prices, check-in opening at its port time', () => {
    const adult = ticketOf(paidView({ oneWay: true }), before(3 * 24 * 60), 'A0');
    expect(adult.status).toBe('Paid');
    expect(adult.actions.map((a) => [a.task, a.price])).toEqual([
      ['reschedule', 'Free with Majestic Fast Ferry; IDR 100,000 to another operator, paid at the counter'],
      ['cancel', 'Refund IDR 495,000 (fee IDR 150,000)'],
    ]);
    expect(adult.actions[0]?.href).toBe('/booking/bk_1/reschedule?tickets=A0');
    expect(adult.reasons).toEqual(['Online check-in opens Sat 5 Dec 2026, 08:00 WIB']);
  });

  it('1 h 36 min before: check-in, and changes at the counter of the departure terminal with its phone', () => {
    const view = paidView({ oneWay: true });
    expect(tasks(view, before(96), 'A0')).toEqual(['check_in']);
    expect(ticketOf(view, before(96), 'A0').reasons).toEqual([
      'Departs in 1 h 36 min: changes and cancellations are made at our Batam Centre Ferry Terminal counter, +62 778 470 2006',
    ]);
    expect(ticketOf(view, before(96), 'A0', 'id').reasons).toEqual([
      'Berangkat dalam 1 jam 36 menit: perubahan dan pembatalan dilayani di loket kami di Pelabuhan Feri Internasional Batam Centre, +62 778 470 2006',
    ]);
    expect(ticketOf(view, before(30), 'A0').reasons).toContain(en.checkin_error_closed);
  });

  it('from a terminal where the agency has no counter: its office, by phone', () => {
    const view = paidView({ oneWay: true });
    const fromTanahMerah = { ...view, legs: view.legs.map((leg) => ({ ...leg, fromCode: 'TMF' })) };
    expect(ticketOf(fromTanahMerah, before(96), 'A0').reasons).toEqual([
      'Departs in 1 h 36 min: changes and cancellations are made at our office by phone, +62 778 470 2005',
    ]);
  });

  it('a claimed open ticket: cancel, and why it cannot move again', () => {
    const claimed = ticketOf(
      paidView({ oneWay: true, adult: { status: 'claimed' } }),
      before(3 * 24 * 60),
      'A0',
    );
    expect(claimed.status).toBe('Claimed ticket');
    expect(claimed.actions.map((a) => a.task)).toEqual(['cancel']);
    expect(claimed.reasons).toContain(
      "An open ticket's sailing is chosen once: to change it, cancel it or contact our Batam Centre Ferry Terminal counter, +62 778 470 2006",
    );
  });

  it('checked in: the boarding pass, and changes only at the counter', () => {
    const view = paidView({ oneWay: true, adult: { status: 'checked_in' } });
    const adult = ticketOf(view, before(300), 'A0');
    expect(adult.status).toBe('Checked in');
    expect(adult.actions).toEqual([
      { task: 'boarding_pass', href: '/booking/bk_1/boarding-pass/A0.pdf', label: 'Boarding pass' },
    ]);
    expect(adult.reasons).toEqual([
      'Checked in: to change or cancel, contact our Batam Centre Ferry Terminal counter, +62 778 470 2006',
    ]);
  });

  it('rescheduled: the old ticket says where it moved, the new one where from; it moves once', () => {
    const moved = adultMovedLater();
    const now = before(3 * 24 * 60);
    expect(ticketOf(moved, now, 'A0')).toMatchObject({
      status: 'Rescheduled',
      moved: 'Moved to Mon 7 Dec 2026, 09:00 WIB',
      actions: [],
      reasons: [],
    });
    const next = ticketOf(moved, now, 'A0B');
    expect(next).toMatchObject({ status: 'Paid', moved: 'Moved from Sun 6 Dec 2026, 08:00 WIB' });
    expect(next.actions.map((a) => a.task)).toEqual(['cancel']);
    expect(next.reasons[0]).toBe(
      'A ticket can be rescheduled once: to change it again, cancel it or contact our Batam Centre Ferry Terminal counter, +62 778 470 2006',
    );
  });

  it('everyone moved: the sailing left behind still shows, its tickets saying where they went', () => {
    const view = paidView({ oneWay: true });
    const [outbound] = view.legs;
    if (!outbound) throw new Error('no leg');
    const later = { date: '2026-12-07', time: '09:00', zone: 'WIB' };
    const moved: BookingView = {
      ...view,
      legs: [
        { ...outbound, segment: 1, sailingId: 'later', departure: later, departsAt: '2026-12-07T02:00:00Z' },
      ],
      history: [outbound],
      passengers: view.passengers.map((p) => {
        const [old] = p.tickets;
        if (!old) throw new Error('no ticket');
        const next = ticket(`${old.ticketNumber}B`, 0, { segment: 1, rescheduledFrom: old.ticketNumber });
        return { ...p, tickets: [{ ...old, status: 'rescheduled' as const }, next] };
      }),
    };
    const sailings = manageBooking(moved, network, before(3 * 24 * 60), 'en').sailings;
    expect(
      sailings.map((s) => [
        s.departs,
        s.tickets.map((t) => `${t.ticketNumber}: ${t.status}, ${t.moved ?? ''}`),
      ]),
    ).toEqual([
      [
        'Sun 6 Dec 2026, 08:00 WIB',
        [
          'A0: Rescheduled, Moved to Mon 7 Dec 2026, 09:00 WIB',
          'C0: Rescheduled, Moved to Mon 7 Dec 2026, 09:00 WIB',
        ],
      ],
      [
        'Mon 7 Dec 2026, 09:00 WIB',
        [
          'A0B: Paid, Moved from Sun 6 Dec 2026, 08:00 WIB',
          'C0B: Paid, Moved from Sun 6 Dec 2026, 08:00 WIB',
        ],
      ],
    ]);
  });

  it('cancelled: the booking is never "Paid"; each ticket by its refund', () => {
    const now = before(3 * 24 * 60);
    const partly = manageBooking(cancelled(paidView(), ['A0'], 'queued'), network, now, 'en');
    expect(partly.status).toBe('Partly cancelled');
    const all = ['A0', 'C0', 'A1', 'C1'];
    expect(manageBooking(cancelled(paidView(), all, 'queued'), network, now, 'en').status).toBe(
      'Cancelled, refund in progress',
    );
    expect(manageBooking(cancelled(paidView(), all, 'done'), network, now, 'id').status).toBe(
      'Dibatalkan, dana sudah dikembalikan',
    );
    expect(manageBooking(cancelled(paidView(), all), network, now, 'en').status).toBe('Cancelled');
    const gone = ticketOf(cancelled(paidView(), ['A0'], 'queued'), now, 'A0');
    expect(gone).toMatchObject({ status: 'Cancelled, refund in progress', actions: [], reasons: [] });
    expect(ticketOf(cancelled(paidView(), ['A0'], 'done'), now, 'A0').status).toBe('Cancelled, refunded');
  });

  it('an open ticket: open, claim with its last day, cancel; and the office once it has expired', () => {
    const open = ticketOf(openTicketView(), before(600), 'A0');
    expect(open.status).toBe('Open ticket: no sailing chosen yet');
    expect(open.actions.map((a) => [a.task, a.price])).toEqual([
      ['cancel', 'Refund IDR 495,000 (fee IDR 150,000)'],
      ['claim', 'Free, valid until 20 February 2027'],
    ]);
    const expired = ticketOf(openTicketView(), new Date('2027-02-20T17:00:00Z'), 'A0');
    expect(expired.actions).toEqual([]);
    expect(expired.reasons).toEqual(['This open ticket has expired: call our office, +62 778 470 2005']);
  });

  it('the operator cancelled: free moves and full refunds, said at the sailing; after a week, the office', () => {
    const view = cancelledByOperator(paidView({ oneWay: true }));
    const [sailing] = manageBooking(view, network, before(-24 * 60), 'en').sailings;
    expect(sailing?.operatorCancelled).toBe(true);
    const adult = ticketOf(view, before(-24 * 60), 'A0');
    expect(adult.actions.map((a) => [a.task, a.price])).toEqual([
      ['reschedule', 'Free'],
      ['cancel', 'Refund IDR 645,000 (fee IDR 0)'],
    ]);
    expect(ticketOf(view, before(-8 * 24 * 60), 'A0').reasons).toEqual([
      'The operator cancelled this sailing more than a week ago: for a refund, call our office, +62 778 470 2005',
      en.checkin_error_sailing_cancelled,
    ]);
  });
});

describe('the after-sales e-mails name each ticket’s sailing', () => {
  const links = { siteUrl: 'https://segaraferry.example' };
  it('the cancellation: passenger, route and port-local date beside each ticket', () => {
    const mail = bookingCancelledMail(cancelled(paidView(), ['A0'], 'queued'), links);
    expect(mail.text).toContain('Siti Rahma · Batam Centre → HarbourFront, Sun 6 Dec 2026, 08:00 WIB · A0');
  });

  it('the reschedule: which passenger is on which sailing', () => {
    const moved = adultMovedLater();
    const card = tripCard(moved, network, 'en');
    const mail = bookingPaidMail(moved, links, new Uint8Array(), card, 'rescheduled');
    expect(mail.text).toMatch(
      /Siti Rahma[^]*Ticket number \(Batam Centre → HarbourFront, Mon 7 Dec 2026, 09:00 WIB\): A0B/,
    );
    expect(mail.text).toMatch(
      /Budi[^]*Ticket number \(Batam Centre → HarbourFront, Sun 6 Dec 2026, 08:00 WIB\): C0/,
    );
  });
});

describe('the reschedule summary', () => {
  it('lists only the leg that moves, each passenger with the sailing they are on now', async () => {
    const page = await reschedulePage(
      { db: undefined as unknown as Database, network, now: before(3 * 24 * 60), horizonDays: 60 },
      paidView(),
      'en',
      new URLSearchParams('tickets=A0&tickets=A1&tickets=C0'),
    );
    expect(page.moves).toEqual([
      { name: 'Siti Rahma', now: 'Sun 6 Dec 2026, 08:00 WIB · Majestic Fast Ferry' },
      { name: 'Budi', now: 'Sun 6 Dec 2026, 08:00 WIB · Majestic Fast Ferry' },
    ]);
  });
});
