import { describe, expect, it } from 'vitest';
import type { BookingView } from '../../../src/server/services/booking-view.ts';
import { offerTickets } from '../../../src/server/services/offer-input.ts';
import { departsAt, openTicketView, paidView, ticket } from '../../factories/after-sales-view.ts';

describe('the offers read from a booking view', () => {
  it("gives each ticket on a leg still travelled its passenger, category, price paid and the leg's sailing", () => {
    const tickets = offerTickets(paidView());
    expect(tickets.map((t) => [t.ticketNumber, t.passenger, t.category, t.paid, t.sailing?.id])).toEqual([
      ['A0', 0, 'adult', 645_000, 'sailing-0'],
      ['C0', 1, 'child', 600_000, 'sailing-0'],
      ['A1', 0, 'adult', 640_000, 'sailing-1'],
      ['C1', 1, 'child', 590_000, 'sailing-1'],
    ]);
    expect(tickets[0]).toMatchObject({ routeId: 'btc-hfc', operatorCode: 'SEX', status: 'active', leg: 0 });
    expect(tickets[0]?.sailing).toEqual({
      id: 'sailing-0',
      departsAt,
      arrivesAt: new Date('2026-12-06T01:50:00Z'),
      cancelled: false,
      delayed: false,
    });
    // An open ticket's validity counts from the payment, its issue.
    expect(offerTickets(openTicketView()).map((t) => [t.ticketNumber, t.sailing, t.issuedAt])).toEqual([
      ['A0', undefined, new Date('2026-11-20T03:12:00Z')],
      ['C0', undefined, new Date('2026-11-20T03:12:00Z')],
    ]);
  });

  it('leaves out the tickets of a segment everyone left: only its history names it', () => {
    const view = paidView({ oneWay: true });
    const moved = (number: string) => [
      ticket(number, 0, { status: 'rescheduled' }),
      ticket(`${number}2`, 0, { segment: 1, rescheduledFrom: number }),
    ];
    const [adult, child] = view.passengers;
    if (!adult || !child) throw new Error('no party');
    const after: BookingView = {
      ...view,
      legs: view.legs.map((leg) => ({ ...leg, segment: 1 })),
      passengers: [
        { ...adult, tickets: moved('A0') },
        { ...child, tickets: moved('C0') },
      ],
    };
    expect(offerTickets(after).map((t) => [t.ticketNumber, t.segment, t.rescheduledFrom])).toEqual([
      ['A02', 1, 'A0'],
      ['C02', 1, 'C0'],
    ]);
  });
});
