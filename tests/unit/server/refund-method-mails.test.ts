import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../src/i18n/locales.ts';
import { refundAccountNeededMail, refundToMethodMail } from '../../../src/server/mail/refund-method-mails.ts';
import type { BookingView, RefundView } from '../../../src/server/services/booking-view.ts';
import { batamHarbourFrontLegs } from '../../factories/booking-view.ts';

const links = { siteUrl: 'https://segaraferry.example' };
const zero = { ticket: 0, terminalFee: 0, surcharge: 0, total: 0 };

/** A booking paid by card, with the refunds given. */
function paidByCard(locale: Locale, refunds: RefundView[]): BookingView {
  return {
    id: 'bk_8f3a9c2e7d1b4a6f9e0c2d4b',
    code: 'K7M4QX',
    status: 'paid',
    trip: 'one_way',
    locale,
    party: { adult: 1, child: 0, infant: 0 },
    expiresAt: null,
    paidAt: new Date('2026-11-20T03:12:00Z'),
    createdAt: new Date('2026-11-20T02:40:00Z'),
    price: {
      legs: [{ perPassenger: { adult: zero, child: zero, infant: zero }, subtotal: zero }],
      transactionFee: 35_000,
      total: 895_000,
    },
    legs: batamHarbourFrontLegs(
      { date: '2026-11-21', departs: '09:00', arrives: '10:50', operator: 'Majestic Fast Ferry' },
      { date: '2026-11-24', departs: '18:30', arrives: '18:20', operator: 'Majestic Fast Ferry' },
    ).slice(0, 1),
    contact: { fullName: 'Siti Rahma', email: 'siti@example.com', phone: '+6281234567890' },
    passengers: [],
    payment: {
      kind: 'card',
      method: 'card',
      checkoutUrl: 'https://checkout.example/ps-1',
      amount: 895_000,
      status: 'paid',
      expiresAt: new Date('2026-11-20T03:40:00Z'),
      paidAt: new Date('2026-11-20T03:12:00Z'),
      gateway: 'sandbox',
    },
    refundsQueued: 0,
    refunds,
  };
}

const refund = (status: 'queued' | 'done', extra: Partial<RefundView> = {}): RefundView => ({
  amount: 710_000,
  reason: 'cancellation',
  status,
  ticketNumbers: ['TK-0001-A'],
  path: 'gateway',
  ...(status === 'done' ? { paidAt: new Date('2026-11-22T03:00:00Z') } : {}),
  ...extra,
});

describe.each(['en', 'id'] as const)('refund mails in %s', (locale) => {
  const card = locale === 'en' ? 'Card (Visa, Mastercard, JCB)' : 'Kartu (Visa, Mastercard, JCB)';

  it('says a refund was asked of the gateway, then that it went back to the card, with the amount', () => {
    const asked = refundToMethodMail(
      paidByCard(locale, [refund('queued', { gatewayState: 'requested' })]),
      links,
    );
    expect(asked.text).toContain(locale === 'en' ? 'We have asked for' : 'Kami telah meminta');
    expect(asked.text).toContain(card);
    expect(asked.text).toMatch(/710[.,]000/);
    const done = refundToMethodMail(
      paidByCard(locale, [refund('done', { gatewayState: 'succeeded' })]),
      links,
    );
    expect(done.text).toContain(locale === 'en' ? 'We have sent' : 'Kami telah mengembalikan');
    expect(done.subject).toContain('K7M4QX');
  });

  it('asks for a bank account when the card could not take the refund back', () => {
    const view = paidByCard(locale, [refund('queued', { path: 'bank_transfer', gatewayState: 'failed' })]);
    const mail = refundAccountNeededMail(view, links);
    expect(mail.subject).toContain('K7M4QX');
    expect(mail.text).toContain(locale === 'en' ? 'Account number' : 'Nomor rekening');
    expect(mail.text).toContain(locale === 'en' ? 'could not go back to your' : 'tidak dapat dikirim ke');
  });
});
