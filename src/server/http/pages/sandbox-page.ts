import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema/bookings.ts';
import { payments } from '../../db/schema/payments.ts';
import { readForm } from '../body-limit.ts';
import { isCrossSite } from '../same-origin.ts';
import { sendSandboxWebhook } from './sandbox-webhook.ts';
import type { SandboxCallbackBody } from '../../payments/sandbox.ts';
import {
  findSandboxAccount,
  paySandboxAccount,
  standingOf,
  type SandboxAccount,
  type SandboxAccountStanding,
} from '../../payments/sandbox-accounts.ts';
import type { AppDeps } from '../../deps.ts';

export interface SandboxVa {
  bookingId: string | undefined;
  code: string | undefined;
  bank: string;
  accountNumber: string;
  billerCode: string | null;
  amount: number;
  standing: SandboxAccountStanding;
  /** The time that goes with the standing: paid at, closed at, or (open or expired) the expiry. */
  since: Date;
}

export type SandboxPageState =
  | { kind: 'not_found' }
  | {
      kind: 'page';
      va?: SandboxVa;
      query: string;
      /** After "Pay": what the callback endpoint answered, or why the bank refused to pay. */
      result?: { httpStatus: number; outcome: string } | { refused: Exclude<SandboxAccountStanding, 'open'> };
      notFound: boolean;
    };

function viewOf(
  account: SandboxAccount,
  booking: { id: string; code: string } | undefined,
  now: Date,
): SandboxVa {
  const standing = standingOf(account, now);
  return {
    bookingId: booking?.id,
    code: booking?.code,
    bank: account.bank,
    accountNumber: account.accountNumber,
    billerCode: account.billerCode,
    amount: account.amount,
    standing,
    since:
      (standing === 'paid' ? account.paidAt : standing === 'closed' ? account.closedAt : null) ??
      account.expiresAt,
  };
}

/**
 * The sandbox gateway's simulator (only while the sandbox is the active gateway): a tester looks up a virtual
 * account by its number and "pays" it, optionally with another amount. The page then does what a bank and a real
 * gateway do: it sends a signed callback over HTTP to this site's callback endpoint, and shows the answer.
 */
export async function sandboxPage(deps: AppDeps, request: Request): Promise<SandboxPageState> {
  const sign = deps.payments.signSandboxCallback;
  if (!sign) return { kind: 'not_found' };
  const url = new URL(request.url);
  const read = request.method === 'POST' ? await readForm(request) : undefined;
  const form = read === 'tooLarge' ? undefined : read;
  const typed = form?.get('va') ?? url.searchParams.get('va');
  const query = (typeof typed === 'string' ? typed : '').replace(/\D/g, '').slice(0, 32);
  const db = await deps.database();
  const account = query ? await findSandboxAccount(db, query) : undefined;
  const [booking] = account
    ? await db
        .select({ id: bookings.id, code: bookings.code })
        .from(payments)
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .where(eq(payments.externalId, account.externalId))
    : [];
  const state = {
    kind: 'page' as const,
    query,
    notFound: query !== '' && !account,
    ...(account ? { va: viewOf(account, booking, deps.clock()) } : {}),
  };
  if (!form || !account || isCrossSite(request)) return state;
  const typedAmount = Number(form.get('amount'));
  const amount = Number.isSafeInteger(typedAmount) && typedAmount > 0 ? typedAmount : account.amount;
  // The bank's side first: only an open VA takes the money, and then it has (as at a bank, before any callback).
  const payment = await paySandboxAccount(db, account.id, amount, deps.clock());
  if ('refused' in payment)
    return payment.refused === 'not_found' ? state : { ...state, result: { refused: payment.refused } };
  const { paid } = payment;
  const body: SandboxCallbackBody = {
    event: 'va.paid',
    external_id: paid.externalId,
    payment_id: paid.paymentId ?? '',
    account_number: paid.accountNumber,
    bank_code: paid.bank.toUpperCase(),
    amount,
    transaction_timestamp: (paid.paidAt ?? deps.clock()).toISOString(),
  };
  // What this site's callback endpoint answered (0: SITE_URL does not reach this server; the bank has the money).
  const result = await sendSandboxWebhook(deps, sign, body);
  return { ...state, va: viewOf(paid, booking, deps.clock()), result };
}
