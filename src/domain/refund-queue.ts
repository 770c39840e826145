/**
 * The refund queue's rules (issue 36): where a refund stands on a Batam day, the bank codes a bulk transfer needs,
 * and the file the agency uploads to its bank. Pure: the server reads the rows (use-cases/refund-queue.ts).
 */
import { csvText } from './csv.ts';

/**
 * Paid; going back to the card or wallet through the gateway (nothing for the agency to do); its transfer (or the
 * gateway's refund) failed, and the traveller is asked for an account; past its promised date; or due.
 */
export type RefundState = 'paid' | 'at_gateway' | 'failed' | 'overdue' | 'due';

export function refundStateOf(
  refund: {
    status: 'queued' | 'done';
    dueOn: string;
    failedAt: Date | null;
    path?: 'bank_transfer' | 'gateway';
  },
  today: string,
): RefundState {
  if (refund.status === 'done') return 'paid';
  if (refund.path === 'gateway') return 'at_gateway';
  if (refund.failedAt) return 'failed';
  return refund.dueOn < today ? 'overdue' : 'due';
}

/**
 * Indonesian banks' transfer codes (kode bank, as Bank Indonesia assigns them), by the names travellers type. The
 * cancellation form takes the bank as typed, so the queue reads it here; a bank not listed is left for a person.
 */
const BANK_CODES: readonly (readonly [code: string, names: readonly string[]])[] = [
  ['002', ['bri', 'bank rakyat indonesia']],
  ['008', ['mandiri', 'bank mandiri']],
  ['009', ['bni', 'bank negara indonesia']],
  ['011', ['danamon', 'bank danamon']],
  ['013', ['permata', 'bank permata', 'permatabank']],
  ['014', ['bca', 'bank central asia']],
  ['016', ['maybank', 'maybank indonesia']],
  ['019', ['panin', 'panin bank', 'bank panin']],
  ['022', ['cimb', 'cimb niaga']],
  ['028', ['ocbc', 'ocbc nisp']],
  ['200', ['btn', 'bank tabungan negara']],
  ['451', ['bsi', 'bank syariah indonesia']],
  ['535', ['seabank', 'sea bank']],
  ['542', ['jago', 'bank jago']],
];

/** A bank's transfer code from its name as typed (`Bank BCA`, `bca`, `B.N.I.`); undefined when not known. */
export function bankCodeOf(typed: string | null): string | undefined {
  if (!typed) return undefined;
  const name = typed
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const bare = name
    .replace(/^bank /, '')
    .replace(/ (persero|tbk)\b/g, '')
    .trim();
  return BANK_CODES.find(([, names]) => names.includes(name) || names.includes(bare))?.[0];
}

/** What the bank reads as the transfer's reference: the booking code and the refund's first characters, 14 long. */
export function refundReference(bookingCode: string, refundId: string): string {
  return `RF${bookingCode}${refundId.replace(/-/g, '').slice(0, 6).toUpperCase()}`;
}

/** The bulk-transfer file's columns, in order (docs/refunds.md). */
export const REFUND_CSV_COLUMNS = [
  'bank_code',
  'account_number',
  'account_holder',
  'amount',
  'reference',
  'email',
] as const;

export interface RefundCsvRow {
  bankCode: string;
  accountNumber: string;
  accountHolder: string;
  amount: number;
  reference: string;
  email: string;
}

/** The file a bank's bulk transfer reads (domain/csv.ts): a header, then one line per refund. */
export function refundCsv(rows: readonly RefundCsvRow[]): string {
  return csvText(
    REFUND_CSV_COLUMNS,
    rows.map((row) => [
      row.bankCode,
      row.accountNumber,
      row.accountHolder,
      row.amount,
      row.reference,
      row.email,
    ]),
  );
}

/**
 * The refunds the bank's bulk transfer pays: owed, not failed (the traveller gives another account first), with an
 * account at a bank whose code is known. The others are paid by hand.
 */
export function bulkTransferRows(
  queue: readonly {
    id: string;
    bookingCode: string;
    state: RefundState;
    bank: string | null;
    accountNumber: string | null;
    accountHolder: string | null;
    amount: number;
    contactEmail: string | null;
  }[],
): RefundCsvRow[] {
  return queue.flatMap((refund) => {
    const bankCode = bankCodeOf(refund.bank);
    if (!bankCode || !refund.accountNumber || (refund.state !== 'due' && refund.state !== 'overdue'))
      return [];
    return [
      {
        bankCode,
        accountNumber: refund.accountNumber,
        accountHolder: refund.accountHolder ?? '',
        amount: refund.amount,
        reference: refundReference(refund.bookingCode, refund.id),
        email: refund.contactEmail ?? '',
      },
    ];
  });
}
