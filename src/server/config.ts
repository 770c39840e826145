import { z } from 'zod';
import { BOARDING_PASS_KEY_ID_PATTERN } from '../domain/boarding-pass-payload.ts';
import {
  indicativeCurrencies,
  type IndicativeRates,
  type IndicativeRateTable,
} from '../domain/indicative-price.ts';
import { boardingPassJwkSetSchema } from './boarding-pass/jwk.ts';
import { walletSettings } from './wallets/wallet-settings.ts';

/** A JWK set given as JSON text in one variable; unreadable JSON is a config error like any other. */
const jwkSetText = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.issues.push({ code: 'custom', message: 'not JSON (a JWK set: {"keys":[...]})', input: text });
      return z.NEVER;
    }
  })
  .pipe(boardingPassJwkSetSchema);

/**
 * The agency's indicative rates, `SGD=12150,MYR=3560`: rupiah per 1 SGD or MYR, each currency at most once, a rate at
 * least 1 with at most 2 decimals (a rate below 1 is the other way round: SGD per rupiah).
 */
const indicativeRatesText = z.string().transform((text, ctx) => {
  const rates: IndicativeRates = {};
  for (const entry of text.split(',').map((part) => part.trim())) {
    const [, code = '', rate = ''] = /^([A-Z]{3})=(\d+(?:\.\d{1,2})?)$/.exec(entry) ?? [];
    const currency = indicativeCurrencies.find((known) => known === code);
    const problem = !code
      ? `"${entry}" is not CURRENCY=RUPIAH (e.g. SGD=12150,MYR=3560)`
      : !currency
        ? `${code} is not one of ${indicativeCurrencies.join(', ')}`
        : rates[currency] !== undefined
          ? `${code} is given twice`
          : Number(rate) < 1
            ? `${code}=${rate}: give rupiah per 1 ${code}, e.g. ${code}=12150`
            : undefined;
    if (problem || !currency) {
      ctx.issues.push({ code: 'custom', message: problem ?? 'unreadable', input: text });
      return z.NEVER;
    }
    rates[currency] = Number(rate);
  }
  return rates;
});

/** The process environment the server reads, validated once. Keep `astro:env` out so tests can load it plainly. */
const schema = z
  .object({
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(4321),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    /** Set when a TLS-terminating proxy sits in front: then X-Forwarded-Proto is believed (HSTS, secure cookies). */
    TRUST_PROXY: z
      .enum(['0', '1', 'true', 'false'])
      .default('0')
      .transform((value) => value === '1' || value === 'true'),
    /** Seconds a SIGTERM waits for open requests before the process exits anyway. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().default(10),
    /**
     * Seconds a SIGTERM keeps serving while `GET /api/ready` says 503, before it stops taking connections: the time
     * the proxy's health check needs to notice and send new requests to the other processes (deploy/Caddyfile checks
     * every second). 0 stops at once, as SIGINT (Ctrl-C) always does.
     */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(60).default(3),
    /**
     * The port of `/metrics` (Prometheus), apart from the site's so that no visitor reaches it through the proxy.
     * Unset: no metrics endpoint. METRICS_HOST: the address it listens on (a container's: 0.0.0.0, unpublished).
     */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** How much the log says (observability/log.ts reads it as it starts; here it is checked with the rest). */
    LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /** PostgreSQL (production, several processes). Unset: the embedded PGlite database in PGLITE_DIR. */
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    /**
     * `transaction` when DATABASE_URL is PgBouncer (or another pooler) in transaction mode without prepared-statement
     * tracking: statements are then sent unnamed (db/unnamed-statements.ts; docs/deploy.md, PgBouncer).
     */
    DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
    /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
    PGLITE_DIR: z.string().min(1).default('data/pglite'),
    /** Connections per process to PostgreSQL. */
    DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    /** How many days ahead dated sailings exist (rolling; at least 90: docs/product-rules.md). */
    SAILING_HORIZON_DAYS: z.coerce.number().int().min(90).max(400).default(120),
    /**
     * The public origin, for links in e-mails and documents (the build reads it too, for canonical URLs). Production
     * refuses to start without it (`assertSiteUrlGiven`): the default would send travellers' links nowhere.
     */
    SITE_URL: z.url().default('http://localhost:4321'),
    /** Minutes a virtual account stays payable after "Pay" (default 60); the seats stay held until then. */
    PAYMENT_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .default(60),
    /** Which payment gateway issues virtual accounts: the built-in sandbox (default) or Xendit. */
    PAYMENT_GATEWAY: z.enum(['sandbox', 'xendit']).default('sandbox'),
    /**
     * HMAC key of the sandbox gateway's signed callbacks, shared by every process of one deployment. Unset: a
     * random key generated once per installation and kept in SANDBOX_SECRET_FILE (never a constant in the code).
     */
    SANDBOX_GATEWAY_SECRET: z.string().min(16).optional(),
    SANDBOX_SECRET_FILE: z.string().min(1).default('data/sandbox-secret'),
    /**
     * The web app's own OAuth client secret (it asks `POST /oauth/token` for its client token on the server). Unset:
     * generated once per installation and kept in WEB_CLIENT_SECRET_FILE; `npm run db:setup` registers its hash.
     */
    WEB_CLIENT_SECRET: z.string().min(32).optional(),
    WEB_CLIENT_SECRET_FILE: z.string().min(1).default('data/web-client-secret'),
    /**
     * HMAC key of the links the account e-mails carry (confirm the address, set a new password): the database keeps
     * no token, only this key makes one. Unset: generated once per installation and kept in ACCOUNT_LINK_SECRET_FILE.
     */
    ACCOUNT_LINK_SECRET: z.string().min(32).optional(),
    ACCOUNT_LINK_SECRET_FILE: z.string().min(1).default('data/account-link-secret'),
    /** `1`: run the sandbox gateway with NODE_ENV=production on purpose (a demo); the server refuses otherwise. */
    ALLOW_SANDBOX_GATEWAY: z.enum(['0', '1']).default('0'),
    /** Xendit: the secret API key (Basic auth user), the callback verification token, and the API origin. */
    XENDIT_SECRET_KEY: z.string().min(1).optional(),
    XENDIT_CALLBACK_TOKEN: z.string().min(1).optional(),
    XENDIT_API_URL: z.url().default('https://api.xendit.co'),
    /** `1`: serve production with a Xendit test key (`xnd_development_`) on purpose; the server refuses otherwise. */
    ALLOW_XENDIT_TEST_KEY: z.enum(['0', '1']).default('0'),
    /** SMTP server for e-mail (`smtp://user:pass@host:587`); unset: each mail is written to OUTBOX_DIR as a .eml file. */
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    OUTBOX_DIR: z.string().min(1).default('data/outbox'),
    MAIL_FROM: z.string().min(3).default('Segara Ferry <tickets@segaraferry.example>'),
    /** Behind TRUST_PROXY: how many proxies of ours stand in front (the client address is counted from the right). */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
    /**
     * Holds one address may create per 10 minutes: a script must not hold a whole sailing's seats, but a
     * terminal's Wi-Fi or a carrier's NAT puts many travellers behind one address, so the default is generous.
     */
    RATE_LIMIT_HOLDS: z.coerce.number().int().min(1).default(100),
    /** Check-order lookups per address per 15 minutes, and wrong e-mails per booking code and address per hour. */
    RATE_LIMIT_LOOKUPS: z.coerce.number().int().min(1).default(20),
    RATE_LIMIT_CODE_FAILURES: z.coerce.number().int().min(1).default(5),
    /** Wrong e-mails per booking code per hour from every address together: the ceiling a crowd of strangers meets. */
    RATE_LIMIT_CODE_FAILURES_TOTAL: z.coerce.number().int().min(1).default(50),
    /**
     * Sign-ups per address per hour, and password (or Google) logins per address per 15 minutes. A terminal's
     * Wi-Fi puts many people behind one address: raise them there rather than lock travellers out.
     */
    RATE_LIMIT_REGISTRATIONS: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_LOGINS: z.coerce.number().int().min(1).default(20),
    /**
     * The Ed25519 key that signs new boarding passes: its id (printed in every pass) and its private key as base64url
     * of the 32-byte seed (one line, fits any .env). Unset outside production: the development key in
     * boarding-pass/keys.ts. Production refuses to start without it (`assertBoardingPassKeyGiven`).
     */
    BOARDING_PASS_KEY_ID: z
      .string()
      .regex(BOARDING_PASS_KEY_ID_PATTERN, '6-16 letters, digits, ".", "_" or "-"')
      .optional(),
    BOARDING_PASS_PRIVATE_KEY: z
      .string()
      .regex(/^[\w-]{43}$/, 'base64url of a 32-byte Ed25519 seed (43 characters)')
      .optional(),
    /** Other public keys gates accept (a JWK set): keys retired by a rotation, or the next key published early. */
    BOARDING_PASS_PREVIOUS_KEYS: jwkSetText.optional(),
    /**
     * Sign in with Google (docs/architecture.md, Accounts and sessions): the OAuth client of this site at
     * Google, and where its ID tokens come from and are checked. The button shows only when the client id,
     * secret, issuer and key-set URL are all set.
     */
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ISSUER: z.url().optional(),
    GOOGLE_JWKS_URL: z.url().optional(),
    GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
    /** Google's sign-in library, loaded by the page on demand. */
    GOOGLE_SCRIPT_URL: z.url().default('https://accounts.google.com/gsi/client'),
    ...walletSettings,
    /**
     * Guess the phone input's country from the visitor's address (off unless set): a GET to this
     * IP-to-country service, `{ip}` replaced by the address; the reply is `1;CC;...` (e.g. ip2c.org's
     * `https://ip2c.org/{ip}`). The address leaves the site for that service: say so in the privacy policy first.
     */
    PHONE_COUNTRY_LOOKUP_URL: z.string().includes('{ip}').optional(),
    /**
     * An indicative price in SGD or MYR beside the rupiah total for travellers from Singapore or Johor
     * (domain/indicative-price.ts): the agency's rates as `SGD=12150,MYR=3560` (rupiah per 1 SGD or MYR) and the day it
     * set them, `YYYY-MM-DD`, which the pages name; shown for 14 days from that day. Unset: no indicative price.
     */
    INDICATIVE_RATES: indicativeRatesText.optional(),
    INDICATIVE_RATES_DATE: z.iso
      .date('a calendar date YYYY-MM-DD, the day the agency set INDICATIVE_RATES')
      .optional(),
    /** Test-only: `1` with NODE_ENV=test holds seats without locking, so the concurrency tests can show the race. */
    TEST_SKIP_SEAT_LOCK: z.enum(['0', '1']).default('0'),
  })
  .refine(
    (config) =>
      config.PAYMENT_GATEWAY !== 'xendit' || (config.XENDIT_SECRET_KEY && config.XENDIT_CALLBACK_TOKEN),
    { path: ['PAYMENT_GATEWAY'], message: 'xendit needs XENDIT_SECRET_KEY and XENDIT_CALLBACK_TOKEN' },
  )
  .refine((config) => !config.BOARDING_PASS_KEY_ID === !config.BOARDING_PASS_PRIVATE_KEY, {
    path: ['BOARDING_PASS_KEY_ID'],
    message: 'BOARDING_PASS_KEY_ID and BOARDING_PASS_PRIVATE_KEY go together',
  })
  .refine(
    (config) =>
      !config.BOARDING_PASS_PREVIOUS_KEYS?.keys.some((key) => key.kid === config.BOARDING_PASS_KEY_ID),
    { path: ['BOARDING_PASS_PREVIOUS_KEYS'], message: 'lists the current BOARDING_PASS_KEY_ID again' },
  )
  .refine((config) => !config.INDICATIVE_RATES || config.INDICATIVE_RATES_DATE, {
    path: ['INDICATIVE_RATES_DATE'],
    message: 'INDICATIVE_RATES needs INDICATIVE_RATES_DATE, the day the agency set them (YYYY-MM-DD)',
  });

export type Config = z.infer<typeof schema>;

/** The agency's indicative rate table, or undefined when none is configured (a date alone says nothing). */
export function indicativeRateTable(
  config: Pick<Config, 'INDICATIVE_RATES' | 'INDICATIVE_RATES_DATE'>,
): IndicativeRateTable | undefined {
  const { INDICATIVE_RATES: rates, INDICATIVE_RATES_DATE: date } = config;
  return rates && date ? { rates, date } : undefined;
}

/**
 * Where empty is a mistake to refuse, not "unset": unset, these mean the embedded database and mail written to
 * files, which a deployment whose secret failed to render must not fall back to without a word.
 */
const EMPTY_IS_REFUSED = new Set(['DATABASE_URL', 'SMTP_URL']);

/**
 * The environment, validated. Unset and empty are otherwise the same: `INDICATIVE_RATES=` in .env, or compose's
 * `${VAR:-}` for an optional setting left out, turns the setting off rather than failing its format.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const given = Object.fromEntries(
    Object.entries(env).filter(([name, value]) => value !== '' || EMPTY_IS_REFUSED.has(name)),
  );
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}

/**
 * Links in e-mails and e-tickets are built from SITE_URL, so production must name it: the localhost default would
 * mail every traveller links that lead nowhere. Throws with what to set.
 */
export function assertSiteUrlGiven(
  config: Config,
  env: Record<string, string | undefined> = process.env,
): void {
  if (config.NODE_ENV === 'production' && !env.SITE_URL)
    throw new Error(
      'SITE_URL is not set: production builds the links in e-mails and e-tickets from it. Set it to the public ' +
        'address, e.g. SITE_URL=https://segaraferry.example',
    );
}

/**
 * Whether boarding passes may be signed with the development key, whose private half is in the source (anyone can
 * forge its passes): outside production, or in a demo that takes no real money (the sandbox gateway allowed on
 * purpose, as `npm start` and the browser tests run it), whose tickets are no more real than its payments.
 */
export function developmentBoardingPassKeyAllowed(
  config: Pick<Config, 'NODE_ENV' | 'PAYMENT_GATEWAY' | 'ALLOW_SANDBOX_GATEWAY'>,
): boolean {
  return (
    config.NODE_ENV !== 'production' ||
    (config.PAYMENT_GATEWAY === 'sandbox' && config.ALLOW_SANDBOX_GATEWAY === '1')
  );
}

/** Production signs boarding passes with a key of its own, or does not start: gates would accept forged ones. */
export function assertBoardingPassKeyGiven(
  config: Pick<
    Config,
    'NODE_ENV' | 'PAYMENT_GATEWAY' | 'ALLOW_SANDBOX_GATEWAY' | 'BOARDING_PASS_PRIVATE_KEY'
  >,
): void {
  if (!config.BOARDING_PASS_PRIVATE_KEY && !developmentBoardingPassKeyAllowed(config))
    throw new Error(
      'BOARDING_PASS_PRIVATE_KEY is not set: production signs boarding passes with a key of its own. Make one with ' +
        `node -e "console.log(require('crypto').generateKeyPairSync('ed25519').privateKey.export({format:'jwk'}).d)" ` +
        'and set it with BOARDING_PASS_KEY_ID (e.g. bp-2026-11); see docs/decisions/0005-boarding-pass-signature.md.',
    );
}
