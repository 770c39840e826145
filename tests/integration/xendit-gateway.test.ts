import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CallbackRejected, GatewayUnavailable } from '../../src/server/payments/gateway.ts';
import type { VirtualAccountRequest } from '../../src/server/payments/gateway.ts';
import { createXenditGateway, xenditAccountName } from '../../src/server/payments/xendit.ts';

// A small stand-in for Xendit's API on a real socket: it checks Basic auth and the request body the way Xendit
// does, answers in Xendit's shapes, and records every request so tests can prove when none was made.

const secretKey = 'xnd_development_0123456789abcdefSECRET';
const callbackToken = 'cb-token-5f3a9c1e7d2b4a6f8e0c';
const expectedAuthorization = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;

interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  idempotencyKey?: string | string[] | undefined;
  body: string;
}

interface FakePayment {
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

const requests: RecordedRequest[] = [];
const payments = new Map<string, FakePayment>();
/** Per test: answer every request with this status (a broken API) and/or only after this delay (a slow one). */
let failWithStatus: number | undefined;
let delayMs = 0;
let server: Server;
let apiUrl: string;

const bankAccounts: Record<string, { merchant_code: string; account_number: string }> = {
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

interface VirtualAccountBody {
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

function answer(request: RecordedRequest, response: ServerResponse) {
  if (failWithStatus !== undefined) {
    send(response, failWithStatus, { error_code: 'SERVER_ERROR', message: 'Something went wrong' });
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
    send(response, 200, {
      ...body,
      ...bankAccounts[String(body.bank_code)],
      id: `va-${String(body.external_id)}`,
      owner_id: '5fd1c319b9986239d7ec5567',
      currency: 'IDR',
      status: 'PENDING',
    });
    return;
  }
  const prefix = '/callback_virtual_account_payments/payment_id=';
  if (request.method === 'GET' && request.url.startsWith(prefix)) {
    const payment = payments.get(decodeURIComponent(request.url.slice(prefix.length)));
    if (payment) send(response, 200, payment);
    else send(response, 404, { error_code: 'PAYMENT_NOT_FOUND_ERROR', message: 'Payment not found' });
    return;
  }
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
      idempotencyKey: incoming.headers['x-idempotency-key'],
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(request);
    setTimeout(() => {
      answer(request, response);
    }, delayMs);
  });
}

/** A URL where nothing listens: a port that was just free and is closed again. */
async function unreachableUrl(): Promise<string> {
  const closed = createServer();
  await new Promise<void>((resolve) => {
    closed.listen(0, '127.0.0.1', resolve);
  });
  const { port } = closed.address() as AddressInfo;
  await new Promise<void>((resolve) => {
    closed.close(() => {
      resolve();
    });
  });
  return `http://127.0.0.1:${port}`;
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
  throw new Error('expected the promise to reject');
}

function gateway(overrides: { apiUrl?: string; secretKey?: string; timeoutMs?: number } = {}) {
  return createXenditGateway({ secretKey, callbackToken, apiUrl, timeoutMs: 2_000, ...overrides });
}

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
  failWithStatus = undefined;
  delayMs = 0;
});

const expiresAt = new Date('2026-03-14T03:00:00.000Z');

function vaRequest(overrides: Partial<VirtualAccountRequest> = {}): VirtualAccountRequest {
  return {
    externalId: 'att-BK7XQ2-1',
    bank: 'bni',
    name: 'Dewi Lestari',
    amount: 970_000,
    expiresAt,
    ...overrides,
  };
}

describe('Xendit gateway: createVirtualAccount', () => {
  it('creates a closed, single-use BNI VA for the exact amount, expiring at the deadline', async () => {
    const issued = await gateway().createVirtualAccount(vaRequest());

    expect(issued).toEqual({ accountNumber: '8808999912345678', gatewayAccountId: 'va-att-BK7XQ2-1' });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/callback_virtual_accounts');
    expect(request?.authorization).toBe(expectedAuthorization);
    // The attempt's external id: a retried or adopted "Pay" asks for the same VA, not a second one.
    expect(request?.idempotencyKey).toBe('att-BK7XQ2-1');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      external_id: 'att-BK7XQ2-1',
      bank_code: 'BNI',
      name: 'Dewi Lestari',
      expected_amount: 970_000,
      is_closed: true,
      is_single_use: true,
      expiration_date: '2026-03-14T03:00:00.000Z',
    });
  });

  it('splits a Mandiri number into the biller (merchant) code and the bill key after it', async () => {
    const issued = await gateway().createVirtualAccount(vaRequest({ bank: 'mandiri' }));

    expect(issued).toEqual({
      billerCode: '88608',
      accountNumber: '9999497724',
      gatewayAccountId: 'va-att-BK7XQ2-1',
    });
    // Joined again (as the interbank instructions do), the two give back exactly the number Xendit issued.
    expect(`${issued.billerCode ?? ''}${issued.accountNumber}`).toBe(bankAccounts.MANDIRI?.account_number);
    expect(JSON.parse(requests[0]?.body ?? '')).toMatchObject({ bank_code: 'MANDIRI' });
  });

  it('fails a Mandiri VA whose number does not start with the merchant code rather than show a wrong key', async () => {
    const original = bankAccounts.MANDIRI;
    bankAccounts.MANDIRI = { merchant_code: '88608', account_number: '123459999497724' };
    try {
      const error = await failure(gateway().createVirtualAccount(vaRequest({ bank: 'mandiri' })));
      expect(error).toBeInstanceOf(GatewayUnavailable);
    } finally {
      if (original) bankAccounts.MANDIRI = original;
    }
  });

  it('maps every accepted bank to its Xendit bank code', async () => {
    for (const [bank, code] of [
      ['bri', 'BRI'],
      ['bsi', 'BSI'],
      ['permata', 'PERMATA'],
    ] as const) {
      requests.length = 0;
      const issued = await gateway().createVirtualAccount(vaRequest({ bank }));
      expect(JSON.parse(requests[0]?.body ?? '')).toMatchObject({ bank_code: code });
      expect(issued.billerCode).toBeUndefined();
      expect(issued.accountNumber).toBe(bankAccounts[code]?.account_number);
    }
  });

  it('sends a name of letters and spaces only, which Xendit accepts', async () => {
    await gateway().createVirtualAccount(vaRequest({ name: "José O'Brien-Ñuñez (BK7XQ2)" }));
    expect(JSON.parse(requests[0]?.body ?? '')).toMatchObject({ name: 'Jose O Brien Nunez BK XQ' });

    expect(xenditAccountName('  Dewi   Lestari ')).toBe('Dewi Lestari');
    expect(xenditAccountName('12345 / 678')).toBe('Segara Ferry');
    expect(xenditAccountName('')).toBe('Segara Ferry');
    const long = xenditAccountName('Pt Wisata Bahari Kepulauan Riau Sejahtera Abadi Makmur Sentosa');
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long).toMatch(/^[A-Za-z]+( [A-Za-z]+)*$/);
  });

  it('throws GatewayUnavailable with the status, never the key, when the API answers 500', async () => {
    failWithStatus = 500;
    const error = await failure(gateway().createVirtualAccount(vaRequest()));
    expect(error).toBeInstanceOf(GatewayUnavailable);
    expect(error.message).toContain('500');
    expect(error.message).not.toContain(secretKey);
    expect(error.message).not.toContain(expectedAuthorization);
  });

  it('throws GatewayUnavailable, without the key, when the API refuses the key (401)', async () => {
    const wrongKey = 'xnd_development_wrong_key_value';
    const error = await failure(gateway({ secretKey: wrongKey }).createVirtualAccount(vaRequest()));
    expect(error).toBeInstanceOf(GatewayUnavailable);
    expect(error.message).toContain('401');
    expect(error.message).not.toContain(wrongKey);
  });

  it('throws GatewayUnavailable when the API is unreachable', async () => {
    const error = await failure(
      gateway({ apiUrl: await unreachableUrl() }).createVirtualAccount(vaRequest()),
    );
    expect(error).toBeInstanceOf(GatewayUnavailable);
    expect(error.message).not.toContain(secretKey);
  });

  it('throws GatewayUnavailable when the API answers slower than the timeout', async () => {
    delayMs = 1_000;
    const started = Date.now();
    const error = await failure(gateway({ timeoutMs: 150 }).createVirtualAccount(vaRequest()));
    expect(error).toBeInstanceOf(GatewayUnavailable);
    expect(error.message).toContain('150 ms');
    expect(Date.now() - started).toBeLessThan(900);
  });
});

describe('Xendit gateway: receiveCallback', () => {
  const paid: FakePayment = {
    id: '5f8e658fc5710a7ae00f75db',
    payment_id: '5f8e658f8d65ab385241f17a',
    callback_virtual_account_id: 'va-att-BK7XQ2-1',
    external_id: 'att-BK7XQ2-1',
    account_number: '8808999912345678',
    bank_code: 'BNI',
    amount: 970_000,
    transaction_timestamp: '2026-03-14T02:15:07.000Z',
    merchant_code: '8808',
    currency: 'IDR',
  };

  /** What the callback body claims; the amount and time deliberately differ from what the API will answer. */
  const claimed = JSON.stringify({ ...paid, amount: 1, transaction_timestamp: '2020-01-01T00:00:00.000Z' });

  function headers(token?: string): Headers {
    return new Headers(token === undefined ? {} : { 'X-CALLBACK-TOKEN': token });
  }

  it('reports the payment as the API returns it, not as the callback body claims', async () => {
    payments.set(paid.payment_id, paid);
    const event = await gateway().receiveCallback({ headers: headers(callbackToken), body: claimed });

    expect(event).toEqual({
      kind: 'paid',
      payment: {
        externalId: 'att-BK7XQ2-1',
        gatewayPaymentId: '5f8e658f8d65ab385241f17a',
        amount: 970_000,
        paidAt: new Date('2026-03-14T02:15:07.000Z'),
      },
    });
    expect(requests).toEqual([
      {
        method: 'GET',
        url: '/callback_virtual_account_payments/payment_id=5f8e658f8d65ab385241f17a',
        authorization: expectedAuthorization,
        body: '',
      },
    ]);
  });

  it.each([
    ['a wrong token of the same length', callbackToken.replace(/.$/, 'x')],
    ['no token', undefined],
    ['a shorter token', 'cb-token'],
    ['a longer token', `${callbackToken}-and-more`],
    ['an empty token', ''],
  ])('rejects a callback with %s and never calls the API', async (_label, token) => {
    payments.set(paid.payment_id, paid);
    const error = await failure(gateway().receiveCallback({ headers: headers(token), body: claimed }));
    expect(error).toBeInstanceOf(CallbackRejected);
    expect(requests).toHaveLength(0);
  });

  it('rejects a wrong token before reading the body', async () => {
    const error = await failure(gateway().receiveCallback({ headers: headers('nope'), body: 'not json' }));
    expect(error).toBeInstanceOf(CallbackRejected);
  });

  it('rejects a payment the API does not know (404) as forged', async () => {
    const error = await failure(
      gateway().receiveCallback({ headers: headers(callbackToken), body: claimed }),
    );
    expect(error).toBeInstanceOf(CallbackRejected);
    expect(requests).toHaveLength(1);
  });

  it('rejects a callback that names another attempt than the fetched payment', async () => {
    payments.set(paid.payment_id, paid);
    const body = JSON.stringify({ ...paid, external_id: 'att-OTHER-1' });
    const error = await failure(gateway().receiveCallback({ headers: headers(callbackToken), body }));
    expect(error).toBeInstanceOf(CallbackRejected);
  });

  it('escapes the payment id in the API path', async () => {
    const body = JSON.stringify({ ...paid, payment_id: '../callback_virtual_accounts?x=1' });
    const error = await failure(gateway().receiveCallback({ headers: headers(callbackToken), body }));
    expect(error).toBeInstanceOf(CallbackRejected);
    expect(requests[0]?.url).toBe(
      '/callback_virtual_account_payments/payment_id=..%2Fcallback_virtual_accounts%3Fx%3D1',
    );
  });

  it('throws GatewayUnavailable when the API fails, is unreachable or too slow while fetching', async () => {
    payments.set(paid.payment_id, paid);
    const callback = { headers: headers(callbackToken), body: claimed };

    failWithStatus = 503;
    const broken = await failure(gateway().receiveCallback(callback));
    expect(broken).toBeInstanceOf(GatewayUnavailable);
    expect(broken.message).toContain('503');

    failWithStatus = undefined;
    const down = await failure(gateway({ apiUrl: await unreachableUrl() }).receiveCallback(callback));
    expect(down).toBeInstanceOf(GatewayUnavailable);

    delayMs = 1_000;
    const slow = await failure(gateway({ timeoutMs: 150 }).receiveCallback(callback));
    expect(slow).toBeInstanceOf(GatewayUnavailable);
  });

  it('ignores authenticated callbacks that report no payment, without calling the API', async () => {
    const vaCreated = JSON.stringify({
      id: 'va-att-BK7XQ2-1',
      external_id: 'att-BK7XQ2-1',
      account_number: '8808999912345678',
      bank_code: 'BNI',
      status: 'ACTIVE',
    });
    const created = await gateway().receiveCallback({ headers: headers(callbackToken), body: vaCreated });
    expect(created.kind).toBe('ignored');
    const garbage = await gateway().receiveCallback({ headers: headers(callbackToken), body: 'not json' });
    expect(garbage).toEqual({ kind: 'anomaly', reason: 'body_not_json' }); // signed, yet unreadable: kept for the agency
    expect(requests).toHaveLength(0);
  });

  it('refuses to start without a callback token, so an empty header can never match', () => {
    expect(() => createXenditGateway({ secretKey, callbackToken: '', apiUrl })).toThrow();
  });
});
