import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { bookings } from '../db/schema/bookings.ts';
import { payments } from '../db/schema/payments.ts';
import { readForm } from '../http/body-limit.ts';
import { isCrossSite } from '../http/same-origin.ts';
import type { SandboxCallbackBody } from '../payments/sandbox.ts';
import { runtimeDeps } from '../runtime.ts';

export interface SandboxVa {
  bookingId: string;
  code: string;
  bank: string;
  accountNumber: string;
  billerCode: string | null;
  amount: number;
  status: string;
  expiresAt: Date;
}

export type SandboxPageState =
  | { kind: 'not_found' }
  | {
      kind: 'page';
      va?: SandboxVa;
      query: string;
      /** After "Pay": what the callback endpoint answered. */
      result?: { httpStatus: number; outcome: string };
      notFound: boolean;
    };

/**
 * The sandbox gateway's simulator (only while the sandbox is the active gateway): a tester looks up a virtual
 * account by its number and "pays" it, optionally with another amount. The page then does what a bank and a real
 * gateway do: it sends a signed callback over HTTP to this site's callback endpoint, and shows the answer.
 */
export async function sandboxPage(request: Request): Promise<SandboxPageState> {
  const deps = runtimeDeps();
  const sign = deps.payments.signSandboxCallback;
  if (!sign) return { kind: 'not_found' };
  const url = new URL(request.url);
  const read = request.method === 'POST' ? await readForm(request) : undefined;
  const form = read === 'tooLarge' ? undefined : read;
  const typed = form?.get('va') ?? url.searchParams.get('va');
  const query = (typeof typed === 'string' ? typed : '').replace(/\D/g, '').slice(0, 32);
  const db = await deps.database();
  const [va] = query
    ? await db
        .select({
          bookingId: payments.bookingId,
          code: bookings.code,
          externalId: payments.externalId,
          bank: payments.bank,
          accountNumber: payments.accountNumber,
          billerCode: payments.billerCode,
          amount: payments.amount,
          status: payments.status,
          expiresAt: payments.expiresAt,
        })
        .from(payments)
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .where(eq(payments.accountNumber, query))
        .orderBy(desc(payments.createdAt))
        .limit(1)
    : [];
  const state = {
    kind: 'page' as const,
    query,
    notFound: query !== '' && !va,
    ...(va ? { va: { ...va, accountNumber: query } } : {}),
  };
  if (!form || !va || isCrossSite(request)) return state;
  const amount = Number(form.get('amount'));
  const body: SandboxCallbackBody = {
    event: 'va.paid',
    external_id: va.externalId,
    payment_id: `sandbox-pay-${randomBytes(8).toString('hex')}`,
    account_number: query,
    bank_code: va.bank.toUpperCase(),
    amount: Number.isSafeInteger(amount) && amount > 0 ? amount : va.amount,
    transaction_timestamp: deps.clock().toISOString(),
  };
  const raw = JSON.stringify(body);
  // To this site's own configured address (SITE_URL), never the request's Host: a visitor must not be able to
  // point the server's request at an address of their choosing.
  const response = await fetch(new URL('/api/payments/sandbox/callback', `${deps.siteUrl}/`), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Signature': sign(raw, deps.clock()) },
    body: raw,
  });
  const answer = (await response.json().catch(() => ({}))) as { status?: string; message?: string };
  const [after] = await db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.externalId, va.externalId));
  return {
    ...state,
    va: { ...va, accountNumber: query, status: after?.status ?? va.status },
    result: { httpStatus: response.status, outcome: answer.status ?? answer.message ?? '' },
  };
}
