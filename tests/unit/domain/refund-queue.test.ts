import { describe, expect, it } from 'vitest';
import {
  bankCodeOf,
  REFUND_CSV_COLUMNS,
  refundCsv,
  refundReference,
  refundStateOf,
} from '../../../src/domain/refund-queue.ts';

describe('the refund queue', () => {
  it('reads a refund as paid, failed, overdue after its promised Batam day, or due', () => {
    const owed = { status: 'queued' as const, dueOn: '2026-12-31', failedAt: null };
    expect(refundStateOf(owed, '2026-12-31')).toBe('due');
    expect(refundStateOf(owed, '2027-01-01')).toBe('overdue');
    expect(refundStateOf({ ...owed, failedAt: new Date() }, '2026-12-01')).toBe('failed');
    expect(refundStateOf({ ...owed, status: 'done', failedAt: new Date() }, '2027-02-01')).toBe('paid');
    // Going back to a card or wallet: the agency has nothing to transfer, however late the gateway is.
    expect(refundStateOf({ ...owed, path: 'gateway' }, '2027-01-01')).toBe('at_gateway');
    expect(refundStateOf({ ...owed, path: 'gateway', status: 'done' }, '2027-01-01')).toBe('paid');
  });

  it.each([
    ['BCA', '014'],
    ['Bank BCA', '014'],
    ['bank central asia', '014'],
    ['B.N.I.', '009'],
    ['Bank Mandiri (Persero) Tbk', '008'],
    ['BSI', '451'],
    ['  cimb niaga ', '022'],
    ['Permata', '013'],
  ])('knows the transfer code of %s', (typed, code) => {
    expect(bankCodeOf(typed)).toBe(code);
  });

  it('leaves a bank it does not know to a person', () => {
    expect(bankCodeOf('Bank of Narnia')).toBeUndefined();
    expect(bankCodeOf('')).toBeUndefined();
    expect(bankCodeOf(null)).toBeUndefined();
  });

  it('writes the bulk-transfer file with its documented columns, quoted where needed and no formula run', () => {
    const csv = refundCsv([
      {
        bankCode: '014',
        accountNumber: '0987654321',
        accountHolder: 'Siti "Ita" Rahma, S.E.',
        amount: 1_250_000,
        reference: refundReference('K7M4QX', '9f1c2d3e-0000-4000-8000-000000000000'),
        email: 'siti@example.co.id',
      },
      {
        bankCode: '009',
        accountNumber: '123',
        accountHolder: '=HYPERLINK("http://x")',
        amount: 5,
        reference: 'RF',
        email: '',
      },
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(REFUND_CSV_COLUMNS.join(','));
    expect(lines[0]).toBe('bank_code,account_number,account_holder,amount,reference,email');
    expect(lines[1]).toBe(
      '014,0987654321,"Siti ""Ita"" Rahma, S.E.",1250000,RFK7M4QX9F1C2D,siti@example.co.id',
    );
    expect(lines[2]).toBe(`009,123,"'=HYPERLINK(""http://x"")",5,RF,`);
    expect(lines.at(-1)).toBe('');
    expect(refundCsv([])).toBe(`${REFUND_CSV_COLUMNS.join(',')}\r\n`);
  });
});
