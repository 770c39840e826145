// A bounded mixed load through the proxy: travellers who search, hold, give details, press Pay, are paid by the
// gateway's signed callback, check their order, open it, log in and, one in three, cancel. Every answer is counted
// by kind; what the server acknowledged (a hold, a payment, a cancellation) is written down for the drill to find
// in the database afterwards. A 503 is followed as a client should: wait Retry-After, ask again.
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { WEB_CLIENT_ID } from '../../src/server/auth/clients.ts';
import { sandboxSignature } from '../../src/server/payments/sandbox.ts';

/** What one phase of the drill saw. */
export interface Tally {
  sent: number;
  ok: number;
  /** 409 sold out: the answer a traveller gets when the sailing filled, counted apart. */
  soldOut: number;
  /** 503 with Retry-After: "away for a moment", the only 5xx allowed, and only while the database is away. */
  unavailable: number;
  /** Any other 5xx, a 503 without Retry-After, or an unexpected status. */
  wrong: { step: string; status: number; body: string }[];
  /** The slowest answer (ms): a hang would show here, and as a failure at 15 s. */
  slowestMs: number;
  /** Every answer's time (ms), for percentiles. */
  latencies: number[];
  /** No answer at all: refused, reset or timed out through the proxy. */
  failed: { step: string; error: string }[];
}

export const emptyTally = (): Tally => ({
  sent: 0,
  ok: 0,
  soldOut: 0,
  unavailable: 0,
  slowestMs: 0,
  latencies: [],
  wrong: [],
  failed: [],
});

/** What the server said it did, to be found in the database afterwards. */
export interface Acknowledged {
  holds: Set<string>;
  payments: Set<string>;
  paid: Set<string>;
  cancellations: Set<string>;
}

export interface LoadSettings {
  origin: string;
  sailings: string[];
  date: string;
  secrets: { sandbox: string; webClient: string };
  accounts: { email: string; password: string }[];
  /** The drill's own connection, for what only the gateway would know (the VA issued) and ticket numbers. */
  db: pg.Pool;
  /** Where answers are counted now: the drill swaps it as it moves from phase to phase. */
  tally: () => Tally;
  /** The number of the first traveller (0): a later run goes on from where the last one stopped, so the accounts'
   * logins spread over them all (each account meets its own limit of 10 logins per 15 minutes). */
  firstTraveller?: number;
}

const passenger = {
  fullName: 'Drill Passenger',
  dateOfBirth: '1990-05-14',
  passportNumber: 'C1234567',
  passportIssued: '2021-03-02',
  passportExpiry: '2031-03-01',
  passportCountry: 'ID',
};

class Skip extends Error {}

/** A request asked again (after 503s or no answer) for longer than this counts as failed: the site did not come back. */
const GIVE_UP_MS = 90_000;

/** One request through the proxy, asked again after each 503 with Retry-After; the answer when it is `expect`. */
async function call(
  s: LoadSettings,
  step: string,
  path: string,
  init: RequestInit,
  expect: number[],
): Promise<{ status: number; body: unknown }> {
  const givenUpAt = performance.now() + GIVE_UP_MS;
  for (;;) {
    const tally = s.tally();
    if (performance.now() > givenUpAt) {
      tally.failed.push({ step, error: `still no answer after ${String(GIVE_UP_MS / 1000)} s of retries` });
      throw new Skip();
    }
    tally.sent++;
    let response: Response;
    const started = performance.now();
    try {
      response = await fetch(`${s.origin}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
    } catch (error) {
      tally.failed.push({ step, error: String((error as Error).cause ?? error) });
      await sleep(1000);
      continue;
    }
    const text = await response.text();
    const ms = performance.now() - started;
    tally.latencies.push(ms);
    tally.slowestMs = Math.max(tally.slowestMs, Math.round(ms));
    const retryAfter = Number(response.headers.get('Retry-After'));
    if (response.status === 503 && retryAfter > 0) {
      tally.unavailable++;
      await sleep(Math.min(retryAfter, 5) * 1000);
      continue;
    }
    if (response.status === 409 && step === 'hold') {
      tally.soldOut++;
      throw new Skip();
    }
    if (!expect.includes(response.status)) {
      tally.wrong.push({ step, status: response.status, body: text.slice(0, 200) });
      throw new Skip();
    }
    tally.ok++;
    const isJson = response.headers.get('Content-Type')?.includes('json') ?? false;
    return { status: response.status, body: isJson && text ? (JSON.parse(text) as unknown) : text };
  }
}

const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** The drill's own read, asked again while the database is away (the gateway would also retry). */
async function read<R extends pg.QueryResultRow>(s: LoadSettings, text: string, values: unknown[]) {
  for (;;) {
    try {
      return (await s.db.query<R>(text, values)).rows;
    } catch {
      await sleep(500);
    }
  }
}

/** Traveller `n`'s journey, start to end. */
async function journey(s: LoadSettings, n: number, acknowledged: Acknowledged): Promise<void> {
  const email = `drill-${String(n)}@example.co.id`;
  const query = `trip=one_way&from=BTC&to=HFC&date=${s.date}&adults=1`;
  await call(s, 'search', `/api/schedules?${query}`, {}, [200]);
  const out = s.sailings[n % s.sailings.length];
  const held = await call(
    s,
    'hold',
    '/api/bookings',
    json('POST', { trip: 'one_way', out, adults: 1 }),
    [201],
  );
  const { id, code } = held.body as { id: string; code: string };
  acknowledged.holds.add(id);
  const contact = { fullName: 'Drill Traveller', email, phone: '+6281234567890' };
  await call(
    s,
    'details',
    `/api/bookings/${id}/details`,
    json('PUT', { contact, passengers: [passenger] }),
    [204],
  );
  await call(s, 'pay', `/api/bookings/${id}/payment`, json('POST', { method: 'bni', agree: true }), [200]);
  acknowledged.payments.add(id);
  const [va] = await read<{ externalId: string; accountNumber: string; amount: number }>(
    s,
    `select external_id as "externalId", account_number as "accountNumber", amount::int as amount
     from payments where booking_id = $1 and status = 'pending'`,
    [id],
  );
  if (!va) throw new Error(`no virtual account for ${id}`);
  const raw = JSON.stringify({
    event: 'va.paid',
    external_id: va.externalId,
    payment_id: `pay-${va.externalId}`,
    account_number: va.accountNumber,
    bank_code: 'BNI',
    amount: va.amount,
    transaction_timestamp: new Date().toISOString(),
  });
  const signed = {
    'content-type': 'application/json',
    'x-sandbox-signature': sandboxSignature(s.secrets.sandbox, raw),
  };
  const paid = await call(
    s,
    'callback',
    '/api/payments/sandbox/callback',
    { method: 'POST', headers: signed, body: raw },
    [200],
  );
  if ((paid.body as { status?: string }).status === 'confirmed') acknowledged.paid.add(id);
  const found = await call(s, 'check-order', '/api/bookings/lookup', json('POST', { code, email }), [200]);
  const access = { 'x-booking-access': (found.body as { access: string }).access };
  await call(s, 'booking', `/api/bookings/${id}`, { headers: access }, [200]);
  // The booking's page, in Indonesian, as a phone opens the link in its mail: rendered on demand from the database.
  await call(s, 'page', `/id/booking/${id}`, { redirect: 'manual' }, [200, 302, 303]);
  // One traveller in five logs in: each account meets its own limit of 10 logins per 15 minutes.
  const account = n % 5 === 0 ? s.accounts[(n / 5) % s.accounts.length] : undefined;
  if (account) {
    const form = new URLSearchParams({
      grant_type: 'password',
      client_id: WEB_CLIENT_ID,
      client_secret: s.secrets.webClient,
      username: account.email,
      password: account.password,
    });
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const token = await call(
      s,
      'login',
      '/oauth/token',
      { method: 'POST', headers, body: form.toString() },
      [200],
    );
    const bearer = { authorization: `Bearer ${(token.body as { access_token: string }).access_token}` };
    await call(s, 'profile', '/api/profile', { headers: bearer }, [200]);
  }
  if (n % 3 !== 0) return;
  const [ticket] = await read<{ n: string }>(
    s,
    'select ticket_number as n from tickets where booking_id = $1',
    [id],
  );
  const cancel = {
    tickets: [ticket?.n],
    bank: 'BCA',
    accountNumber: '1234567890',
    accountHolder: 'Drill Traveller',
    agree: true,
  };
  await call(s, 'cancel', `/api/bookings/${id}/cancellation`, json('POST', cancel, access), [200]);
  acknowledged.cancellations.add(id);
}

/**
 * `clients` travellers at a time, each starting a new journey when one ends, until `until()` says stop; every
 * journey begun is finished (a 503 waited out), so what was acknowledged is complete when this resolves.
 */
export async function travellerLoad(s: LoadSettings, clients: number, until: () => boolean) {
  const acknowledged: Acknowledged = {
    holds: new Set(),
    payments: new Set(),
    paid: new Set(),
    cancellations: new Set(),
  };
  const first = s.firstTraveller ?? 0;
  let next = first;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!until()) {
        try {
          await journey(s, next++, acknowledged);
        } catch (error) {
          if (!(error instanceof Skip)) throw error;
        }
      }
    }),
  );
  return { acknowledged, journeys: next - first };
}
