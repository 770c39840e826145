import { describe, expect, it } from 'vitest';
import { GatewayUnavailable } from '../../src/server/payments/gateway.ts';
import { xenditAccountName } from '../../src/server/payments/xendit.ts';
import {
  secretKey,
  expectedAuthorization,
  requests,
  unreachableUrl,
  failure,
  gateway,
  vaRequest,
  fake,
  bankAccounts,
  useFakeXendit,
} from '../support/fake-xendit.ts';

// The Xendit adapter creating virtual accounts, against the stand-in API (tests/support/fake-xendit.ts).
useFakeXendit();

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

  it('shows a Mandiri number whole, as Xendit issued it, with its company (merchant) code beside it', async () => {
    const issued = await gateway().createVirtualAccount(vaRequest({ bank: 'mandiri' }));

    // Xendit's guide: company code 88608, then the whole number 886089999497724 (which starts with it).
    expect(issued).toEqual({
      billerCode: '88608',
      accountNumber: '886089999497724',
      gatewayAccountId: 'va-att-BK7XQ2-1',
    });
    expect(issued.accountNumber).toBe(bankAccounts.MANDIRI?.account_number);
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

  it('retries once with the agency name when Xendit refuses the name, under a key of its own', async () => {
    const issued = await gateway().createVirtualAccount(vaRequest({ name: 'CV Karya Mandiri' }));
    expect(issued.gatewayAccountId).toBe('va-att-BK7XQ2-1');
    const sent = (body: string) => (JSON.parse(body) as { name: string }).name;
    expect(requests.map((r) => [sent(r.body), r.idempotencyKey])).toEqual([
      ['CV Karya Mandiri', 'att-BK7XQ2-1'],
      ['Segara Ferry', 'att-BK7XQ2-1-agency-name'],
    ]);
  });

  it('does not retry a refusal that is not about the name', async () => {
    fake.failWithStatus = 400;
    const refused = await failure(gateway().createVirtualAccount(vaRequest({ name: 'Bank Sentosa' })));
    expect(refused).toBeInstanceOf(GatewayUnavailable);
    expect(requests).toHaveLength(1);
  });

  it('throws GatewayUnavailable with the status, never the key, when the API answers 500', async () => {
    fake.failWithStatus = 500;
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
    fake.delayMs = 1_000;
    const started = Date.now();
    const error = await failure(gateway({ timeoutMs: 150 }).createVirtualAccount(vaRequest()));
    expect(error).toBeInstanceOf(GatewayUnavailable);
    expect(error.message).toContain('150 ms');
    expect(Date.now() - started).toBeLessThan(900);
  });
});
