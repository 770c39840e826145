import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { VirtualAccountRequest } from '../../src/server/payments/gateway.ts';
import { createXenditGateway } from '../../src/server/payments/xendit.ts';
import { answerV3, resetV3 } from './fake-xendit-v3.ts';

// tests/integration/xendit-*.test.ts: a small stand-in for Xendit's API on a real socket: it checks Basic auth and the request body the way Xendit
// does, answers in Xendit's shapes, and records every request so tests can prove when none was made.

export const secretKey = 'xnd_development_0123456789abcdefSECRET';
export const callbackToken = 'cb-token-5f3a9c1e7d2b4a6f8e0c';
export const expectedAuthorization = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;

export interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  idempotencyKey?: string | string[] | undefined;
  /** The `api-version` header the v3 payments endpoints take. */
  apiVersion?: string | string[] | undefined;
  body: string;
}

export interface FakePayment {
  id: string;
  payment_id: string;
  callback_virtual_account_id: string;
  external_id: string;
  account_number: string;
  bank_code: string;
  amount: number;
  transaction_timestamp: string;
  merchant_code: string;
  currency: 'IDR';
}

/** A VA as the stand-in keeps it: what creation answered, and the payment it took (single use). */
export interface FakeAccount {
  id: string;
  external_id: string;
  bank_code: string;
  merchant_code: string;
  account_number: string;
  expected_amount: number;
  is_single_use: boolean;
  expiration_date: string;
  paid_payment_id?: string;
}

export const requests: RecordedRequest[] = [];
export const payments = new Map<string, FakePayment>();
export const accounts = new Map<string, FakeAccount>();
/** Per test: answer every request with this status (a broken API) and/or only after this delay (a slow one). */
export const fake: { failWithStatus: number | undefined; delayMs: number } = {
  failWithStatus: undefined,
  delayMs: 0,
};
let server: Server;
let apiUrl: string;

export const bankAccounts: Record<string, { merchant_code: string; account_number: string }> = {
  BNI: { merchant_code: '8808', account_number: '8808999912345678' },
  BRI: { merchant_code: '26215', account_number: '262159999001234' },
  BSI: { merchant_code: '9347', account_number: '9347999900012345' },
  MANDIRI: { merchant_code: '88608', account_number: '886089999497724' },
  PERMATA: { merchant_code: '8214', account_number: '8214999900001234' },
};

function send(response: ServerResponse, status: number, body: unknown) {
  if (response.destroyed) return;
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

export interface VirtualAccountBody {
  external_id?: unknown;
  bank_code?: unknown;
  name?: unknown;
  expected_amount?: unknown;
  is_closed?: unknown;
  is_single_use?: unknown;
  expiration_date?: unknown;
}

function validVirtualAccountBody(body: VirtualAccountBody): boolean {
  return (
    typeof body.external_id === 'string' &&
    typeof body.bank_code === 'string' &&
    body.bank_code in bankAccounts &&
    typeof body.name === 'string' &&
    /^[A-Za-z ]{1,50}$/.test(body.name) &&
    Number.isInteger(body.expected_amount) &&
    typeof body.is_closed === 'boolean' &&
    typeof body.is_single_use === 'boolean' &&
    typeof body.expiration_date === 'string' &&
    !Number.isNaN(Date.parse(body.expiration_date))
  );
}

/** Xendit's VA object: INACTIVE once paid (single use) or past its expiration date, else ACTIVE. */
function accountView(account: FakeAccount) {
  const { paid_payment_id: paid, ...shown } = account;
  const inactive = paid !== undefined || Date.parse(account.expiration_date) <= Date.now();
  return { ...shown, is_closed: true, currency: 'IDR', status: inactive ? 'INACTIVE' : 'ACTIVE' };
}

/** GET (Get Fixed Virtual Account) and PATCH (Update Fixed Virtual Account) of one VA. */
function answerAccount(request: RecordedRequest, id: string, response: ServerResponse) {
  const account = accounts.get(id);
  if (!account) {
    send(response, 404, { error_code: 'CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR', message: 'Not found' });
    return;
  }
  if (request.method === 'GET') {
    send(response, 200, accountView(account));
    return;
  }
  if (request.method !== 'PATCH') {
    send(response, 404, { error_code: 'NOT_FOUND', message: 'Not found' });
    return;
  }
  const body = JSON.parse(request.body) as { expiration_date?: unknown };
  if (typeof body.expiration_date !== 'string' || Number.isNaN(Date.parse(body.expiration_date))) {
    send(response, 400, { error_code: 'API_VALIDATION_ERROR', message: 'Invalid request body' });
    return;
  }
  if (accountView(account).status === 'INACTIVE') {
    send(response, 400, { error_code: 'INACTIVE_VIRTUAL_ACCOUNT_ERROR', message: 'Account is inactive' });
    return;
  }
  account.expiration_date = body.expiration_date;
  send(response, 200, accountView(account));
}

/** The payer pays a VA at their bank: it takes the payment (fetchable by id) and, being single use, goes inactive. */
export function payAccount(id: string, paymentId: string, amount?: number): FakePayment {
  const account = accounts.get(id);
  if (!account) throw new Error(`no fake VA ${id}`);
  account.paid_payment_id = paymentId;
  const payment: FakePayment = {
    id: `fvap-${paymentId}`,
    payment_id: paymentId,
    callback_virtual_account_id: id,
    external_id: account.external_id,
    account_number: account.account_number,
    bank_code: account.bank_code,
    amount: amount ?? account.expected_amount,
    transaction_timestamp: new Date().toISOString(),
    merchant_code: account.merchant_code,
    currency: 'IDR',
  };
  payments.set(paymentId, payment);
  return payment;
}

function answer(request: RecordedRequest, response: ServerResponse) {
  if (fake.failWithStatus !== undefined) {
    send(response, fake.failWithStatus, { error_code: 'SERVER_ERROR', message: 'Something went wrong' });
    return;
  }
  if (request.authorization !== expectedAuthorization) {
    send(response, 401, { error_code: 'INVALID_API_KEY', message: 'API key is invalid' });
    return;
  }
  if (request.method === 'POST' && request.url === '/callback_virtual_accounts') {
    const body = JSON.parse(request.body) as VirtualAccountBody;
    if (!validVirtualAccountBody(body)) {
      send(response, 400, { error_code: 'API_VALIDATION_ERROR', message: 'Invalid request body' });
      return;
    }
    // Xendit refuses names with bank, institution or government words (a sample of them here).
    if (/\b(mandiri|bank|bni|bri|pemerintah)\b/i.test(String(body.name))) {
      send(response, 400, {
        error_code: 'CALLBACK_VIRTUAL_ACCOUNT_NAME_NOT_ALLOWED_ERROR',
        message: 'The name contains words that are not allowed',
      });
      return;
    }
    const id = `va-${String(body.external_id)}`;
    const bank = bankAccounts[String(body.bank_code)] ?? { merchant_code: '', account_number: '' };
    accounts.set(id, {
      id,
      external_id: String(body.external_id),
      bank_code: String(body.bank_code),
      ...bank,
      expected_amount: Number(body.expected_amount),
      is_single_use: body.is_single_use === true,
      expiration_date: String(body.expiration_date),
    });
    send(response, 200, {
      ...body,
      ...bank,
      id,
      owner_id: '5fd1c319b9986239d7ec5567',
      currency: 'IDR',
      status: 'PENDING',
    });
    return;
  }
  const accountPrefix = '/callback_virtual_accounts/';
  if (request.url.startsWith(accountPrefix)) {
    answerAccount(request, decodeURIComponent(request.url.slice(accountPrefix.length)), response);
    return;
  }
  const prefix = '/callback_virtual_account_payments/payment_id=';
  if (request.method === 'GET' && request.url.startsWith(prefix)) {
    const payment = payments.get(decodeURIComponent(request.url.slice(prefix.length)));
    if (payment) send(response, 200, payment);
    else send(response, 404, { error_code: 'PAYMENT_NOT_FOUND_ERROR', message: 'Payment not found' });
    return;
  }
  if (answerV3(request, response)) return;
  send(response, 404, { error_code: 'NOT_FOUND', message: 'Not found' });
}

function handle(incoming: IncomingMessage, response: ServerResponse) {
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => {
    const request: RecordedRequest = {
      method: incoming.method ?? '',
      url: incoming.url ?? '',
      authorization: incoming.headers.authorization,
      // The VA API's header, or the one Xendit's SDK sends to the v3 and refund endpoints.
      idempotencyKey: incoming.headers['x-idempotency-key'] ?? incoming.headers['idempotency-key'],
      apiVersion: incoming.headers['api-version'],
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(request);
    setTimeout(() => {
      answer(request, response);
    }, fake.delayMs);
  });
}

export { failure, unreachableUrl } from './failures.ts';

/** The site's address the card sessions send travellers back to. */
export const siteUrl = 'https://ferry.example';

export function gateway(
  overrides: { apiUrl?: string; secretKey?: string; timeoutMs?: number; siteUrl?: string } = {},
) {
  return createXenditGateway({ secretKey, callbackToken, apiUrl, siteUrl, timeoutMs: 2_000, ...overrides });
}

/** Starts the stand-in for the test file that calls it, and resets it before each test. */
export function useFakeXendit() {
  beforeAll(async () => {
    server = createServer(handle);
    await new Promise<void>((resolve) => {
      server.listen(0, '127.0.0.1', resolve);
    });
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
  });

  beforeEach(() => {
    requests.length = 0;
    payments.clear();
    accounts.clear();
    resetV3();
    fake.failWithStatus = undefined;
    fake.delayMs = 0;
  });
}

export const expiresAt = new Date('2026-03-14T03:00:00.000Z');

export function vaRequest(overrides: Partial<VirtualAccountRequest> = {}): VirtualAccountRequest {
  return {
    externalId: 'att-BK7XQ2-1',
    bank: 'bni',
    name: 'Dewi Lestari',
    amount: 970_000,
    expiresAt,
    ...overrides,
  };
}
