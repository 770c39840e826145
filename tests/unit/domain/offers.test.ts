import { describe, expect, it } from 'vitest';
import type { OfferSailing, OfferTicket } from '../../../src/domain/offer-ticket.ts';
import {
  cancellationOffer,
  checkInOffer,
  checkInWindow,
  claimOffer,
  moveFee,
  rescheduleOffer,
  type ClaimTarget,
  type RescheduleTarget,
} from '../../../src/domain/offers.ts';

// Sunday 6 December 2026, 08:00 WIB: the outbound sailing; the return leaves Tuesday 8 December, 10:00 SGT.
const departsAt = new Date('2026-12-06T01:00:00Z');
const before = (minutes: number) => new Date(departsAt.getTime() - minutes * 60_000);
const WEEK = 7 * 24 * 60;
const outbound: OfferSailing = {
  id: 'out',
  departsAt,
  arrivesAt: new Date('2026-12-06T02:00:00Z'),
  cancelled: false,
  delayed: false,
};
const back: OfferSailing = {
  id: 'back',
  departsAt: new Date('2026-12-08T02:00:00Z'),
  arrivesAt: new Date('2026-12-08T03:00:00Z'),
  cancelled: false,
  delayed: false,
};
const cancelledSailing: OfferSailing = { ...outbound, cancelled: true };

/** An adult's outbound ticket, paid IDR 645,000, issued 20 November 2026 (an open ticket: valid to 20 February). */
const ticket = (changes: Partial<OfferTicket> = {}): OfferTicket => ({
  ticketNumber: 'TK-K7M4QX-1D',
  passenger: 0,
  category: 'adult',
  status: 'active',
  leg: 0,
  segment: 0,
  routeId: 'btc-hfc',
  operatorCode: 'SEX',
  paid: 645_000,
  issuedAt: new Date('2026-11-20T03:12:00Z'),
  sailing: outbound,
  ...changes,
});
// 23:59 and 00:00 in Batam around the open ticket's last valid day, 20 February 2027.
const lastValidMinute = new Date('2027-02-20T16:59:00Z');
const dayAfterValid = new Date('2027-02-20T17:00:00Z');

/** A party of one leg: an adult, a child and an infant on the outbound, the adult and child on the return too. */
const party = (sailing: OfferSailing = outbound): OfferTicket[] => [
  ticket({ ticketNumber: 'A0', sailing }),
  ticket({ ticketNumber: 'C0', passenger: 1, category: 'child', sailing }),
  ticket({ ticketNumber: 'I0', passenger: 2, category: 'infant', paid: 95_000, sailing }),
  ticket({ ticketNumber: 'A1', leg: 1, routeId: 'hfc-btc', sailing: back }),
  ticket({ ticketNumber: 'C1', passenger: 1, category: 'child', leg: 1, routeId: 'hfc-btc', sailing: back }),
];

const refund = (paid: number, fee: number, operatorCancelled = false, operatorDelayed = false) => ({
  allowed: true,
  ...{ paid, fee, refund: paid - fee, operatorCancelled, operatorDelayed },
});
const no = (reason: string) => ({ allowed: false, reason });
const fare = refund(645_000, 150_000);
const free = refund(645_000, 0, true);
const byOperator = { sailing: cancelledSailing };
const openTicket = { sailing: undefined };
/** One ticket's verdict at a table row's moment: minutes before the outbound departs, or an instant. */
const verdictOf =
  <T>(offer: (tickets: OfferTicket[], now: Date) => { tickets: T[] }) =>
  (changes: Partial<OfferTicket>, moment: number | Date) =>
    offer([ticket(changes)], typeof moment === 'number' ? before(moment) : moment).tickets;
const one = (verdict: object) => [{ ticketNumber: 'TK-K7M4QX-1D', ...verdict }];

describe('cancellation offer, per ticket', () => {
  it.each([
    ['121 minutes before', {}, 121, fare],
    ['exactly 2 hours before', {}, 120, fare],
    ['119 minutes before', {}, 119, no('change_closed')],
    ['a claimed open ticket', { status: 'claimed' }, 600, fare],
    ['an infant: the fee takes it all', { category: 'infant', paid: 95_000 }, 600, refund(95_000, 95_000)],
    ['checked in', { status: 'checked_in' }, 600, no('checked_in')],
    ['cancelled', { status: 'cancelled' }, 600, no('not_active')],
    ['moved elsewhere', { status: 'rescheduled' }, 600, no('not_active')],
    ['operator cancelled, checked in, after it left', { ...byOperator, status: 'checked_in' }, -60, free],
    ['operator cancelled, exactly a week after', byOperator, -WEEK, free],
    ['operator cancelled, a week and a minute after', byOperator, -WEEK - 1, no('claim_closed')],
    ['operator cancelled, cancelled already', { ...byOperator, status: 'cancelled' }, 600, no('not_active')],
    ['open ticket, its last valid minute (Batam)', openTicket, lastValidMinute, fare],
    ['open ticket, the day after', openTicket, dayAfterValid, no('not_active')],
    ['open ticket, expired', { ...openTicket, status: 'expired' }, 600, no('not_active')],
  ] as const)('%s', (_, changes, moment, verdict) => {
    expect(verdictOf(cancellationOffer)(changes, moment)).toEqual(one(verdict));
  });
});

describe('cancellation offer, for a choice', () => {
  it.each([
    [['A0', 'C0', 'I0'], undefined],
    [['C0'], undefined], // the infant stays with the adult
    [['A0'], 'minors_alone'], // a child and an infant left without an adult
    [['A0', 'I0'], 'minors_alone'], // the child left alone
    [['A1'], 'minors_alone'], // the return leg counts on its own
    [['A0', 'C0', 'I0', 'A1', 'C1'], undefined],
    [['A0', 'NOPE'], 'unknown_ticket'],
  ])('%j: %s', (chosen, refusal) => {
    expect(cancellationOffer(party(), before(600), chosen).choice?.refusal).toBe(refusal);
  });

  it('quotes what the chosen tickets were paid, the fees kept and the refund, per ticket never below zero', () => {
    const quote = (paid: number, fee: number, operatorCancelled: boolean) => ({
      ...{ paid, fee, refund: paid - fee, operatorCancelled, operatorDelayed: false },
    });
    expect(cancellationOffer(party(), before(600), ['C0', 'I0']).choice).toEqual(
      quote(740_000, 245_000, false),
    );
    const axed = cancellationOffer(party(cancelledSailing), before(-60), ['A0', 'C0', 'I0']);
    expect(axed.choice).toEqual(quote(1_385_000, 0, true));
    expect(cancellationOffer(party(), before(600)).choice).toBeUndefined();
  });

  it("refuses a choice with the first chosen ticket's reason; one free ticket does not make the choice free", () => {
    const tickets = [ticket({ ticketNumber: 'A0' }), ticket({ ticketNumber: 'B0', status: 'checked_in' })];
    expect(cancellationOffer(tickets, before(600), ['A0', 'B0']).choice?.refusal).toBe('checked_in');
    const mixed = [
      ticket({ ticketNumber: 'A0', ...byOperator }),
      ticket({ ticketNumber: 'A1', sailing: back }),
    ];
    const { choice } = cancellationOffer(mixed, before(600), ['A0', 'A1']);
    expect(choice).toMatchObject({ fee: 150_000, operatorCancelled: false });
  });
});

describe('reschedule offer, per ticket', () => {
  const movable = (otherOperatorFee: number) => ({ allowed: true, otherOperatorFee });
  it.each([
    ['121 minutes before', {}, 121, movable(100_000)],
    ['exactly 2 hours before', {}, 120, movable(100_000)],
    ['119 minutes before', {}, 119, no('change_closed')],
    ['checked in', { status: 'checked_in' }, 600, no('checked_in')],
    ['moved once already', { rescheduledFrom: 'TK-K7M4QX-1' }, 600, no('already_rescheduled')],
    ['the ticket a move replaced', { status: 'rescheduled' }, 600, no('already_rescheduled')],
    ['cancelled', { status: 'cancelled' }, 600, no('not_active')],
    ['an open ticket: claimed, not moved', openTicket, 600, no('not_active')],
    [
      'operator cancelled, checked in, after it left',
      { ...byOperator, status: 'checked_in' },
      -60,
      movable(0),
    ],
    [
      'operator cancelled, moved once already',
      { ...byOperator, rescheduledFrom: 'TK-K7M4QX-1' },
      10,
      movable(0),
    ],
    ['operator cancelled, a week and a minute after', byOperator, -WEEK - 1, no('claim_closed')],
  ] as const)('%s', (_, changes, moment, verdict) => {
    expect(verdictOf(rescheduleOffer)(changes, moment)).toEqual(one(verdict));
  });
});

describe('reschedule offer, for a choice and a sailing', () => {
  const now = before(600);
  const fromNow = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  // Monday 7 December 2026, 08:00 WIB: a day later, still before the return.
  const later: RescheduleTarget = {
    ...{ id: 'later', routeId: 'btc-hfc', operatorCode: 'SEX', status: 'scheduled' },
    ...{ departsAt: new Date('2026-12-07T01:00:00Z'), arrivesAt: new Date('2026-12-07T02:00:00Z') },
  };
  const move = (chosen: readonly string[], target?: Partial<RescheduleTarget>, tickets = party(), at = now) =>
    rescheduleOffer(tickets, at, { tickets: chosen, ...(target ? { target: { ...later, ...target } } : {}) })
      .choice;
  const all = ['A0', 'C0', 'I0'];

  it.each([
    ['the whole outbound party', all, {}, undefined],
    ['leaving exactly 1 hour from now', all, { departsAt: fromNow(60) }, undefined],
    ['leaving 59 minutes from now', all, { departsAt: fromNow(59) }, 'too_soon'],
    ['onto its own sailing', all, { id: 'out' }, 'same_sailing'],
    ['onto another route', all, { routeId: 'hfc-btc' }, 'other_route'],
    ['onto a cancelled sailing', all, { status: 'cancelled' }, 'not_scheduled'],
    ['arriving as the return leaves', all, { arrivesAt: back.departsAt }, 'after_return'],
    ['both legs at once', ['A0', 'A1'], {}, 'one_leg'],
    ['the adult alone', ['A0'], {}, 'minors_alone'],
    ['the child alone', ['C0'], {}, 'minors_alone'],
    ['the adult and the infant, leaving the child', ['A0', 'I0'], {}, 'minors_alone'],
    ['an unknown ticket', ['A0', 'NOPE'], {}, 'unknown_ticket'],
  ] as const)('%s: %s', (_, chosen, target, refusal) => {
    expect(move(chosen, target)?.refusal).toBe(refusal);
  });

  it('keeps the return after the outbound, minute for minute', () => {
    const homeward = { routeId: 'hfc-btc', id: 'earlier' };
    const arrived = outbound.arrivesAt.getTime();
    const leaving = (at: number) => move(['A1', 'C1'], { ...homeward, departsAt: new Date(at) })?.refusal;
    expect(leaving(arrived)).toBe('before_outbound');
    expect(leaving(arrived + 60_000)).toBeUndefined();
  });

  it("prices a move per ticket: free with its own operator, IDR 100,000 with another's, or when it cancelled", () => {
    const fees = (each: number) => ({ fees: { A0: each, C0: each, I0: each }, counterFee: 3 * each });
    expect(move(all, {})).toEqual(fees(0));
    expect(move(all, { operatorCode: 'RJF' })).toEqual(fees(100_000));
    expect(move(all, { operatorCode: 'RJF' }, party(cancelledSailing), before(-60))).toEqual(fees(0));
    expect(moveFee(ticket(), 'RJF')).toBe(100_000);
    expect(moveFee(ticket(byOperator), 'RJF')).toBe(0);
  });

  it('judges the tickets and the party before a sailing is asked', () => {
    expect(move(all)).toEqual({ fees: { A0: 0, C0: 0, I0: 0 }, counterFee: 0 });
    expect(move(['A0'])?.refusal).toBe('minors_alone');
    expect(move(all, undefined, party(), before(119))?.refusal).toBe('change_closed');
  });
});

describe('check-in offer', () => {
  const open = (checkedIn: boolean) => ({ allowed: true, checkedIn });
  it.each([
    ['24 hours and a minute before', {}, 24 * 60 + 1, no('not_open_yet')],
    ['exactly 24 hours before', {}, 24 * 60, open(false)],
    ['exactly 1 hour before', {}, 60, open(false)],
    ['59 minutes before', {}, 59, no('closed')],
    ['a claimed open ticket', { status: 'claimed' }, 300, open(false)],
    ['checked in already: the same pass again', { status: 'checked_in' }, 300, open(true)],
    ['cancelled', { status: 'cancelled' }, 300, no('not_active')],
    ['the operator cancelled the sailing', byOperator, 300, no('sailing_cancelled')],
    ['an open ticket names no sailing yet', openTicket, 300, no('not_active')],
  ] as const)('%s', (_, changes, moment, verdict) => {
    expect(verdictOf(checkInOffer)(changes, moment)).toEqual(one(verdict));
  });

  it("gives a sailing's window whoever is on it", () => {
    expect(checkInWindow(outbound, before(24 * 60 + 1))).toBe('not_open_yet');
    expect(checkInWindow(outbound, before(300))).toBeUndefined();
    expect(checkInWindow(outbound, before(59))).toBe('closed');
    expect(checkInWindow(cancelledSailing, before(300))).toBe('sailing_cancelled');
  });
});

describe('claim offer', () => {
  it.each([
    [
      'waiting, its last valid minute',
      openTicket,
      lastValidMinute,
      { allowed: true, validUntil: '2027-02-20' },
    ],
    ['waiting, the day after its last', openTicket, dayAfterValid, no('expired')],
    ['claimed already', { status: 'claimed' }, 600, no('not_active')],
    ['moved after its claim', {}, 600, no('not_active')],
    ['cancelled', { ...openTicket, status: 'cancelled' }, 600, no('not_active')],
  ] as const)('%s', (_, changes, moment, verdict) => {
    expect(verdictOf(claimOffer)(changes, moment)).toEqual(one(verdict));
  });

  const sailing: ClaimTarget = {
    routeId: 'btc-hfc',
    operatorCode: 'SEX',
    status: 'scheduled',
    departsAt,
    date: '2026-12-06',
  };
  const waiting = [
    ticket({ ...openTicket, ticketNumber: 'A0' }),
    ticket({ ...openTicket, ticketNumber: 'I0', passenger: 1, category: 'infant' }),
    ticket({ ...openTicket, ticketNumber: 'C0', passenger: 2, category: 'child', status: 'cancelled' }),
  ];
  it.each([
    ['leaving exactly 1 hour from now', {}, 60, undefined],
    ['leaving 59 minutes from now', {}, 59, 'claim_closed_online'],
    ['on the last valid day', { date: '2027-02-20', departsAt: lastValidMinute }, 600, undefined],
    ['the day after the last valid day', { date: '2027-02-21', departsAt: dayAfterValid }, 600, 'expired'],
    ['of another operator', { operatorCode: 'RJF' }, 600, 'other_operator'],
    ['of another route', { routeId: 'hfc-btc' }, 600, 'other_operator'],
    ['cancelled', { status: 'cancelled' }, 600, 'not_scheduled'],
  ] as const)('for a sailing %s: %s', (_, target, minutes, refusal) => {
    const { choice } = claimOffer(waiting, before(minutes), { ...sailing, ...target });
    // The whole party still waiting is claimed together; its cancelled ticket stays behind.
    expect(choice).toEqual({ tickets: ['A0', 'I0'], ...(refusal ? { refusal } : {}) });
  });

  it('has nothing to claim once no ticket waits', () => {
    const claimed = waiting.map((t) => ({ ...t, status: 'claimed' as const, sailing: outbound }));
    expect(claimOffer(claimed, before(600), sailing).choice).toEqual({ tickets: [], refusal: 'not_active' });
    expect(claimOffer(claimed, before(600)).choice).toBeUndefined();
  });
});
