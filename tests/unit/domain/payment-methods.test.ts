import { describe, expect, it } from 'vitest';
import {
  isPaymentMethod,
  methodBank,
  methodTraits,
  paymentMethods,
  refundPathFor,
  type PaymentMethod,
} from '../../../src/domain/payment-methods.ts';

const paidAt = new Date('2026-11-01T03:00:00Z');
const later = (days: number) => new Date(paidAt.getTime() + days * 24 * 60 * 60 * 1000);

describe('payment methods', () => {
  it.each<[PaymentMethod, string, string, string]>([
    ['bni', 'virtual_account', 'account_number', 'gateway'],
    ['mandiri', 'virtual_account', 'account_number', 'gateway'],
    ['card', 'card', 'redirect', 'gateway'],
    ['qris', 'qris', 'qr', 'us'],
  ])('%s is a %s that issues %s, its deadline kept by %s', (method, kind, issues, keeper) => {
    expect(methodTraits(method)).toMatchObject({ kind, issues, deadlineKeptBy: keeper });
  });

  it.each<[PaymentMethod, number, 'gateway' | 'bank_transfer']>([
    ['bri', 0, 'bank_transfer'], // a VA has no account to go back to
    ['permata', 400, 'bank_transfer'],
    ['card', 0, 'gateway'],
    ['card', 364, 'gateway'],
    ['card', 365, 'bank_transfer'], // past the gateway's year
    ['qris', 6.99, 'gateway'],
    ['qris', 7, 'bank_transfer'], // QRIS refunds only within 7 days
  ])('money paid by %s, refunded %s days later, goes back by %s', (method, days, path) => {
    expect(refundPathFor(method, paidAt, later(days))).toBe(path);
  });

  it('knows its methods and only those, and the bank of each virtual account', () => {
    expect(paymentMethods).toEqual(['bni', 'bri', 'bsi', 'mandiri', 'permata', 'card', 'qris']);
    expect(['card', 'qris', 'bsi'].every(isPaymentMethod)).toBe(true);
    expect([undefined, 'paynow', 'CARD', 1].some(isPaymentMethod)).toBe(false);
    expect([methodBank('bsi'), methodBank('card'), methodBank('qris')]).toEqual([
      'bsi',
      undefined,
      undefined,
    ]);
  });
});
