import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json' with { type: 'json' };
import type { Database } from '../../../src/server/db/client.ts';
import { sailingCancelledMail } from '../../../src/server/mail/after-sales-mails.ts';
import { Network } from '../../../src/server/network.ts';
import { useCasePorts } from '../../../src/server/http/use-case-ports.ts';
import { cancellationPage } from '../../../src/server/views/cancellation-page.ts';
import { checkInLegs } from '../../../src/server/views/check-in-page.ts';
import { claimPage } from '../../../src/server/views/claim-page.ts';
import { afterSalesActions } from '../../../src/server/views/order-actions.ts';
import { reschedulePage } from '../../../src/server/views/reschedule-page.ts';
import type { BookingView } from '../../../src/server/services/booking-view.ts';
import { before, cancelledByOperator, openTicketView, paidView } from '../../factories/after-sales-view.ts';

const { calendar } = useCasePorts;

// The task pages, the order page's actions and the mail say what the offers say (domain/offers.ts); no page here
// reads the database before a date is asked.
const network = new Network();
const noDatabase = undefined as unknown as Database;
const blocked = (legs: { tickets: { ticketNumber: string; blocked?: string }[] }[]) =>
  Object.fromEntries(legs.flatMap((leg) => leg.tickets.map((t) => [t.ticketNumber, t.blocked])));

describe('the cancellation page', () => {
  it('quotes the chosen tickets and says why the others cannot be cancelled', () => {
    const view = paidView({ oneWay: true, adult: { status: 'checked_in' } });
    const page = cancellationPage(
      view,
      network,
      'en',
      before(600),
      new URLSearchParams('tickets=C0'),
      calendar,
    );
    expect(blocked(page.legs)).toEqual({ A0: en.cancel_error_checked_in, C0: undefined });
    expect(page.cancellable).toBe(true);
    expect(page.quote).toMatchObject({ paid: 'IDR 600,000', fee: 'IDR 150,000', refund: 'IDR 450,000' });
  });

  it('offers nothing from 2 hours before, and refunds without fee after the operator cancelled', () => {
    const closed = cancellationPage(
      paidView({ oneWay: true }),
      network,
      'en',
      before(119),
      new URLSearchParams(),
      calendar,
    );
    expect(closed.cancellable).toBe(false);
    expect(blocked(closed.legs)).toEqual({ A0: en.cancel_error_closed, C0: en.cancel_error_closed });
    const view = cancelledByOperator(paidView({ oneWay: true }));
    const free = cancellationPage(
      view,
      network,
      'en',
      before(-60),
      new URLSearchParams('tickets=A0&tickets=C0'),
      calendar,
    );
    expect(free.quote).toMatchObject({ fee: 'IDR 0', refund: 'IDR 1,245,000', operatorCancelled: true });
  });
});

describe('the reschedule page', () => {
  const page = (view: BookingView, now: Date) =>
    reschedulePage({ db: noDatabase, network, now, horizonDays: 60 }, view, 'en', new URLSearchParams());
  it('says who can move now and why the others cannot', async () => {
    const moved = await page(paidView({ adult: { rescheduledFrom: 'A' } }), before(90));
    expect(blocked(moved.legs)).toEqual({
      A0: en.reschedule_error_already,
      C0: en.reschedule_error_closed,
      A1: undefined,
      C1: undefined,
    });
    expect(moved.movable).toBe(true);
    expect((await page(paidView({ oneWay: true }), before(90))).movable).toBe(false);
  });
});

describe('the check-in page', () => {
  it('lists who can check in while the window is open, and nobody on a sailing the operator cancelled', () => {
    const [open] = checkInLegs(paidView({ oneWay: true }), network, 'en', before(300));
    expect(open?.window).toBe('open');
    expect(open?.passengers.map((p) => [p.ticketNumber, p.checkedIn])).toEqual([
      ['A0', false],
      ['C0', false],
    ]);
    const [axed] = checkInLegs(cancelledByOperator(paidView({ oneWay: true })), network, 'en', before(300));
    expect(axed?.window).toBe('sailing_cancelled');
    expect(axed?.passengers).toEqual([]);
  });

  it('says when the operator delayed the sailing, and when it was to leave', () => {
    const view = paidView({ oneWay: true });
    const delayed = {
      ...view,
      legs: view.legs.map((leg) => ({
        ...leg,
        delayedFrom: { date: '2026-12-06', time: '06:00', zone: 'WIB' },
      })),
    };
    expect(checkInLegs(delayed, network, 'en', before(300))[0]?.delayedFrom).toBe(
      'Sun 6 Dec 2026, 06:00 WIB',
    );
    expect(checkInLegs(view, network, 'en', before(300))[0]?.delayedFrom).toBeUndefined();
  });

  it('keeps a boarding pass once the window closes', () => {
    const view = paidView({ oneWay: true, adult: { status: 'checked_in' } });
    const [closed] = checkInLegs(view, network, 'en', before(30));
    expect(closed?.window).toBe('closed');
    expect(closed?.passengers).toEqual([
      expect.objectContaining({ ticketNumber: 'A0', boardingPass: '/booking/bk_1/boarding-pass/A0.pdf' }),
    ]);
  });
});

describe('the claim page', () => {
  const page = (view: BookingView, now: Date) =>
    claimPage({ db: noDatabase, network, now, horizonDays: 60 }, view, 'en', new URLSearchParams());
  it("shows the open ticket's last day, and nothing to claim once it has passed", async () => {
    expect(await page(openTicketView(), before(600))).toMatchObject({ validUntil: '20 February 2027' });
    expect(await page(openTicketView(), new Date('2027-02-20T17:00:00Z'))).toBeUndefined();
    expect(await page(paidView({ oneWay: true }), before(600))).toBeUndefined();
  });
});

describe("the order page's actions, from the offers", () => {
  const none = { checkIn: false, reschedule: false, cancel: false, claim: false };
  it.each([
    [
      '3 days before',
      paidView({ oneWay: true }),
      before(3 * 24 * 60),
      { ...none, reschedule: true, cancel: true },
    ],
    [
      '5 hours before',
      paidView({ oneWay: true }),
      before(300),
      { ...none, checkIn: true, reschedule: true, cancel: true },
    ],
    ['90 minutes before', paidView({ oneWay: true }), before(90), { ...none, checkIn: true }],
    [
      '90 minutes before, the return still ahead',
      paidView(),
      before(90),
      { ...none, checkIn: true, reschedule: true, cancel: true },
    ],
    ['30 minutes before', paidView({ oneWay: true }), before(30), none],
    [
      '30 minutes before, checked in: the pass',
      paidView({ oneWay: true, adult: { status: 'checked_in' } }),
      before(30),
      { ...none, checkIn: true },
    ],
    [
      'operator cancelled, a day after',
      cancelledByOperator(paidView({ oneWay: true })),
      before(-24 * 60),
      { ...none, reschedule: true, cancel: true },
    ],
    [
      'operator cancelled, 8 days after',
      cancelledByOperator(paidView({ oneWay: true })),
      before(-8 * 24 * 60),
      none,
    ],
    ['an open ticket', openTicketView(), before(600), { ...none, claim: true, cancel: true }],
    ['an open ticket past its last day', openTicketView(), new Date('2027-02-20T17:00:00Z'), none],
    ['not paid', { ...paidView(), status: 'awaiting_payment' as const }, before(600), none],
  ] as const)('%s', (_, view, now, actions) => {
    expect(afterSalesActions(view, now)).toEqual(actions);
  });
});

describe('the sailing-cancelled mail', () => {
  const links = { siteUrl: 'https://segaraferry.example' };
  it('links only to what the offers still allow when it is written', () => {
    const view = cancelledByOperator(paidView({ oneWay: true }));
    const within = sailingCancelledMail(view, links, before(-24 * 60)).text;
    expect(within).toContain('/booking/bk_1/reschedule');
    expect(within).toContain('/booking/bk_1/cancellation');
    const late = sailingCancelledMail(view, links, before(-8 * 24 * 60)).text;
    expect(late).not.toContain('/booking/bk_1/reschedule');
    expect(late).not.toContain('/booking/bk_1/cancellation');
  });
});
