import { describe, expect, it } from 'vitest';
import { cancellationOffer, rescheduleOffer } from '../../../src/domain/offers.ts';
import type { OfferSailing, OfferTicket } from '../../../src/domain/offer-ticket.ts';

// Sunday 6 December 2026: the sailing the operator delayed now leaves at 10:00 WIB (03:00 UTC).
const departsAt = new Date('2026-12-06T03:00:00Z');
const before = (minutes: number) => new Date(departsAt.getTime() - minutes * 60_000);
const delayed: OfferSailing = {
  id: 'late',
  departsAt,
  arrivesAt: new Date('2026-12-06T04:00:00Z'),
  cancelled: false,
  delayed: true,
};
const ticket = (changes: Partial<OfferTicket> = {}): OfferTicket => ({
  ticketNumber: 'A0',
  passenger: 0,
  category: 'adult',
  status: 'active',
  leg: 0,
  segment: 0,
  routeId: 'btc-hfc',
  operatorCode: 'SEX',
  paid: 645_000,
  issuedAt: new Date('2026-11-20T03:12:00Z'),
  sailing: delayed,
  ...changes,
});
/** Another operator's sailing of the route, later that day. */
const target = {
  id: 'other',
  routeId: 'btc-hfc',
  operatorCode: 'RJF',
  status: 'scheduled',
  departsAt: new Date('2026-12-06T09:00:00Z'),
  arrivesAt: new Date('2026-12-06T10:00:00Z'),
};

/** The after-sales offers of a sailing the operator delayed: keep it, or move or cancel free until it leaves. */
describe('a sailing the operator delayed', () => {
  it('lets its travellers cancel without the fee until check-in closes, checked in or moved before', () => {
    const cancel = (changes: Partial<OfferTicket>, minutes: number) =>
      cancellationOffer([ticket(changes)], before(minutes)).tickets[0];
    const free = { allowed: true, fee: 0, refund: 645_000, operatorCancelled: false, operatorDelayed: true };
    expect(cancel({}, 90)).toMatchObject(free);
    expect(cancel({ status: 'checked_in' }, 60)).toMatchObject(free);
    expect(cancel({ rescheduledFrom: 'TK-OLD' }, 61)).toMatchObject(free);
    expect(cancel({}, 59)).toMatchObject({ allowed: false, reason: 'change_closed' });
    expect(cancel({ status: 'boarded' }, 90)).toMatchObject({ allowed: false, reason: 'not_active' });
    const { choice } = cancellationOffer([ticket()], before(90), ['A0']);
    expect(choice).toMatchObject({
      fee: 0,
      refund: 645_000,
      operatorCancelled: false,
      operatorDelayed: true,
    });
  });

  it('calls a free choice on a delayed and a cancelled sailing the operator’s cancellation', () => {
    const both = [
      ticket(),
      ticket({ ticketNumber: 'A1', leg: 1, sailing: { ...delayed, id: 'axed', cancelled: true } }),
    ];
    const { choice } = cancellationOffer(both, before(90), ['A0', 'A1']);
    expect(choice).toMatchObject({ fee: 0, operatorCancelled: true, operatorDelayed: false });
  });

  it('keeps its free changes for tickets issued before the delay: a ticket bought at the new time pays as usual', () => {
    const delayedAt = new Date('2026-12-05T12:00:00Z');
    const bought = (issuedAt: string) =>
      ticket({ issuedAt: new Date(issuedAt), sailing: { ...delayed, delayedAt } });
    const fee = (t: OfferTicket) => cancellationOffer([t], before(180)).tickets[0];
    expect(fee(bought('2026-12-05T11:59:00Z'))).toMatchObject({
      allowed: true,
      fee: 0,
      operatorDelayed: true,
    });
    expect(fee(bought('2026-12-05T12:00:00Z'))).toMatchObject({
      allowed: true,
      fee: 150_000,
      operatorDelayed: false,
    });
  });

  it('moves its travellers to another operator’s sailing free, until check-in closes', () => {
    const move = (minutes: number, changes: Partial<OfferTicket> = {}) =>
      rescheduleOffer([ticket(changes)], before(minutes), { tickets: ['A0'], target }).choice;
    expect(move(90)).toEqual({ fees: { A0: 0 }, counterFee: 0 });
    expect(move(90, { status: 'checked_in' })).toEqual({ fees: { A0: 0 }, counterFee: 0 });
    expect(move(30)?.refusal).toBe('change_closed');
    // The same ticket on a sailing nobody changed: the other operator's fee, and closed 2 hours before.
    const normal = { ...delayed, delayed: false };
    expect(move(180, { sailing: normal })).toEqual({ fees: { A0: 100_000 }, counterFee: 100_000 });
    expect(move(90, { sailing: normal })?.refusal).toBe('change_closed');
  });
});
