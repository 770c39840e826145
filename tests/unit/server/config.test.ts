import { describe, expect, it } from 'vitest';
import { assertSiteUrlGiven, indicativeRateTable, loadConfig } from '../../../src/server/config.ts';
import { assertInstallationSecretsGiven } from '../../../src/server/installation-secret.ts';

describe('server configuration', () => {
  it('defaults to port 4321 on all interfaces', () => {
    expect(loadConfig({})).toMatchObject({ HOST: '0.0.0.0', PORT: 4321, TRUST_PROXY: false });
  });

  it('reads HOST, PORT and TRUST_PROXY from the environment', () => {
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '8080', TRUST_PROXY: '1' })).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 8080,
      TRUST_PROXY: true,
    });
  });

  it.each([
    { PORT: 'eighty' },
    { PORT: '70000' },
    { TRUST_PROXY: 'maybe' },
    { METRICS_PORT: '0' },
    { LOG_LEVEL: 'loud' },
  ])('refuses %j with a clear message', (env) => {
    expect(() => loadConfig(env)).toThrow(/Invalid environment: (PORT|TRUST_PROXY|METRICS_PORT|LOG_LEVEL)/);
  });

  it("takes an empty setting as unset, as compose's ${VAR:-} passes an optional one left out", () => {
    const empty = {
      GOOGLE_CLIENT_ID: '',
      BOARDING_PASS_PREVIOUS_KEYS: '',
      GOOGLE_WALLET_ISSUER_ID: '',
      APPLE_WALLET_PASS_TYPE_ID: '',
      APPLE_WALLET_SIGNER_KEY_PASSPHRASE: '',
    };
    const config = loadConfig(empty);
    for (const name of Object.keys(empty)) expect(config[name as keyof typeof empty]).toBeUndefined();
    // Not where unset means a fallback (the embedded database, mail as files): a secret that failed to render.
    expect(() => loadConfig({ DATABASE_URL: '' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SMTP_URL: '' })).toThrow(/SMTP_URL/);
  });

  it('serves no metrics unless METRICS_PORT is set, and then on the loopback unless METRICS_HOST says', () => {
    expect(loadConfig({}).METRICS_PORT).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: '127.0.0.1',
    });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).METRICS_HOST).toBe('0.0.0.0');
  });
});

describe('SITE_URL in production', () => {
  it('must be given: links in e-mails and e-tickets are built from it', () => {
    expect(() => {
      assertSiteUrlGiven(loadConfig({}), {});
    }).toThrow(/SITE_URL is not set/);
    expect(() => {
      assertSiteUrlGiven(loadConfig({ NODE_ENV: 'production' }), { NODE_ENV: 'production' });
    }).toThrow(/SITE_URL is not set/);
  });

  it('is not needed in development or tests, and passes once set', () => {
    expect(() => {
      assertSiteUrlGiven(loadConfig({ NODE_ENV: 'test' }), { NODE_ENV: 'test' });
    }).not.toThrow();
    const env = { SITE_URL: 'https://segaraferry.example' };
    expect(() => {
      assertSiteUrlGiven(loadConfig(env), env);
    }).not.toThrow();
  });
});

describe('the indicative rates (INDICATIVE_RATES, INDICATIVE_RATES_DATE)', () => {
  const date = { INDICATIVE_RATES_DATE: '2026-11-27' };

  it('are absent unless set: no indicative price', () => {
    expect(indicativeRateTable(loadConfig({}))).toBeUndefined();
    expect(
      indicativeRateTable(loadConfig({ INDICATIVE_RATES: '', INDICATIVE_RATES_DATE: '' })),
    ).toBeUndefined();
    // A date alone (npm start gives today's) says nothing.
    expect(indicativeRateTable(loadConfig({ INDICATIVE_RATES: '', ...date }))).toBeUndefined();
  });

  it.each([
    ['SGD=12150,MYR=3560', { SGD: 12_150, MYR: 3_560 }],
    ['SGD=12150', { SGD: 12_150 }],
    [' MYR=3560.25 , SGD=12150 ', { MYR: 3_560.25, SGD: 12_150 }],
  ])('read %j as rupiah per 1 SGD or MYR, with their date', (text, rates) => {
    expect(indicativeRateTable(loadConfig({ INDICATIVE_RATES: text, ...date }))).toEqual({
      rates,
      date: '2026-11-27',
    });
  });

  it.each([
    [
      { INDICATIVE_RATES: 'SGD=12150' },
      /INDICATIVE_RATES_DATE: INDICATIVE_RATES needs INDICATIVE_RATES_DATE/,
    ],
    [{ INDICATIVE_RATES: 'SGD 12150', ...date }, /INDICATIVE_RATES: "SGD 12150" is not CURRENCY=RUPIAH/],
    [{ INDICATIVE_RATES: 'sgd=12150', ...date }, /INDICATIVE_RATES: "sgd=12150" is not CURRENCY=RUPIAH/],
    [{ INDICATIVE_RATES: 'SGD=12150,', ...date }, /INDICATIVE_RATES: "" is not CURRENCY=RUPIAH/],
    [{ INDICATIVE_RATES: 'SGD=-1', ...date }, /INDICATIVE_RATES: "SGD=-1" is not CURRENCY=RUPIAH/],
    [{ INDICATIVE_RATES: 'SGD=12150.123', ...date }, /is not CURRENCY=RUPIAH/],
    [{ INDICATIVE_RATES: 'EUR=17000', ...date }, /INDICATIVE_RATES: EUR is not one of SGD, MYR/],
    [{ INDICATIVE_RATES: 'SGD=12150,SGD=12200', ...date }, /INDICATIVE_RATES: SGD is given twice/],
    [{ INDICATIVE_RATES: 'SGD=0.82', ...date }, /INDICATIVE_RATES: SGD=0.82: give rupiah per 1 SGD/],
    [
      { INDICATIVE_RATES: 'SGD=12150', INDICATIVE_RATES_DATE: '27/11/2026' },
      /INDICATIVE_RATES_DATE: a calendar date/,
    ],
    [
      { INDICATIVE_RATES: 'SGD=12150', INDICATIVE_RATES_DATE: '2026-02-30' },
      /INDICATIVE_RATES_DATE: a calendar date/,
    ],
  ])('refuse %j at start-up with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('secrets every process of an installation shares', () => {
  const postgres = { NODE_ENV: 'production', DATABASE_URL: 'postgres://segara@db:5432/segara' };
  const given = {
    SANDBOX_GATEWAY_SECRET: 'a'.repeat(32),
    WEB_CLIENT_SECRET: 'b'.repeat(32),
    ACCOUNT_LINK_SECRET: 'c'.repeat(32),
  };

  it('are refused at start-up when missing in production on PostgreSQL, each named', () => {
    expect(() => {
      assertInstallationSecretsGiven(loadConfig(postgres));
    }).toThrow(/^SANDBOX_GATEWAY_SECRET, WEB_CLIENT_SECRET, ACCOUNT_LINK_SECRET not set/);
    expect(() => {
      assertInstallationSecretsGiven(loadConfig({ ...postgres, ...given, ACCOUNT_LINK_SECRET: undefined }));
    }).toThrow(/^ACCOUNT_LINK_SECRET not set/);
    expect(() => {
      assertInstallationSecretsGiven(loadConfig({ ...postgres, ...given }));
    }).not.toThrow();
  });

  it('need no sandbox key with Xendit', () => {
    const xendit = {
      ...postgres,
      PAYMENT_GATEWAY: 'xendit',
      XENDIT_SECRET_KEY: 'k',
      XENDIT_CALLBACK_TOKEN: 't',
    };
    expect(() => {
      assertInstallationSecretsGiven(loadConfig({ ...xendit, ...given, SANDBOX_GATEWAY_SECRET: undefined }));
    }).not.toThrow();
  });

  it('may be generated where one process is the whole installation: the embedded database, or not production', () => {
    expect(() => {
      assertInstallationSecretsGiven(loadConfig({ NODE_ENV: 'production' }));
    }).not.toThrow();
    expect(() => {
      assertInstallationSecretsGiven(loadConfig({ ...postgres, NODE_ENV: 'test' }));
    }).not.toThrow();
  });
});

describe('DATABASE_POOLER', () => {
  it('is none unless set: the hot queries are prepared by name', () => {
    expect(loadConfig({}).DATABASE_POOLER).toBe('none');
  });

  it('reads transaction (PgBouncer in transaction mode), and refuses a mode it does not know', () => {
    expect(loadConfig({ DATABASE_POOLER: 'transaction' }).DATABASE_POOLER).toBe('transaction');
    expect(() => loadConfig({ DATABASE_POOLER: 'statement' })).toThrow(/DATABASE_POOLER/);
  });
});
