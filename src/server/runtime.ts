import { appleWalletFromConfig } from './wallets/apple-wallet.ts';
import { googleWalletFromConfig } from './wallets/google-wallet.ts';
import { googleFromConfig } from './auth/google.ts';
import { indicativeRateTable, loadConfig } from './config.ts';
import { openDatabase, type Database, type DatabaseHandle } from './db/client.ts';
import type { AppDeps } from './deps.ts';
import { startJobs, type Jobs } from './jobs/scheduler.ts';
import { createMailer } from './mail/transport.ts';
import { Network } from './network.ts';
import { createRateLimits } from './http/rate-limits.ts';
import { sandboxSignature } from './payments/sandbox.ts';
import { paymentGateway } from './payments/select-gateway.ts';
import { sandboxSecret } from './payments/sandbox-safety.ts';
import { onProcessClose } from './http/readiness.ts';
import { readBacklog } from './db/queries/backlog.ts';
import { provideMetricSources } from './observability/metrics.ts';
import { outsideScope } from './observability/request-scope.ts';
import './observability/backlog.ts';

/**
 * The running server's dependencies, created once inside the Astro server bundle (never imported from outside it:
 * two PGlite clients on one folder would corrupt it). The database opens on first use; `npm start` has migrated
 * and seeded it before the server starts. Opening it also starts this process's background jobs.
 */
let handle: Promise<DatabaseHandle> | undefined;
let deps: AppDeps | undefined;
let jobs: Jobs | undefined;

export function runtimeDeps(): AppDeps {
  if (deps) return deps;
  const config = loadConfig();
  const network = new Network();
  const siteUrl = config.SITE_URL.replace(/\/$/, '');
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    outboxDir: config.OUTBOX_DIR,
    from: config.MAIL_FROM,
  });
  const database = async (): Promise<Database> => {
    if (!handle) {
      // Outside the request that happens to open it: the pool's and the jobs' timers would keep its id for good.
      handle = outsideScope(() =>
        openDatabase({
          url: config.DATABASE_URL,
          pgliteDir: config.PGLITE_DIR,
          poolMax: config.DB_POOL_MAX,
          pooler: config.DATABASE_POOLER,
        }),
      );
      // Jobs start with the database, never at build time (which imports this module but opens nothing).
      onProcessClose(async () => {
        await jobs?.stop();
        await (await handle)?.close();
      });
      // The operator's gauges read this process's pool and the database's backlog (observability/metrics.ts).
      // (A database that fails to open is reported by the request that opened it.)
      handle.then(
        (opened) => {
          provideMetricSources({
            ...(opened.poolStats ? { pool: opened.poolStats } : {}),
            backlog: () => readBacklog(opened.db, new Date()),
          });
        },
        () => undefined,
      );
      jobs = outsideScope(() =>
        startJobs(
          database,
          () => new Date(),
          { mailer, network, siteUrl },
          gateway,
          config.SAILING_HORIZON_DAYS,
        ),
      );
    }
    return (await handle).db;
  };
  const gateway = paymentGateway(config, database);
  deps = {
    database,
    network,
    clock: () => new Date(),
    horizonDays: config.SAILING_HORIZON_DAYS,
    lockSeats: !(config.NODE_ENV === 'test' && config.TEST_SKIP_SEAT_LOCK === '1'),
    payments: {
      gateway,
      windowMinutes: config.PAYMENT_WINDOW_MINUTES,
      ...(config.PAYMENT_GATEWAY === 'sandbox'
        ? { signSandboxCallback: (body, now) => sandboxSignature(sandboxSecret(config), body, now) }
        : {}),
    },
    siteUrl,
    mailQueued: () => jobs?.mailQueued(),
    rateLimits: createRateLimits(database, {
      holds: config.RATE_LIMIT_HOLDS,
      lookups: config.RATE_LIMIT_LOOKUPS,
      codeFailures: config.RATE_LIMIT_CODE_FAILURES,
      codeFailuresTotal: config.RATE_LIMIT_CODE_FAILURES_TOTAL,
      registrations: config.RATE_LIMIT_REGISTRATIONS,
      logins: config.RATE_LIMIT_LOGINS,
    }),
    proxyHops: config.TRUST_PROXY ? config.TRUST_PROXY_HOPS : 0,
    google: googleFromConfig(config),
    googleWallet: googleWalletFromConfig(config),
    appleWallet: appleWalletFromConfig(config),
    phoneCountryLookupUrl: config.PHONE_COUNTRY_LOOKUP_URL,
    indicativeRates: indicativeRateTable(config),
  };
  return deps;
}
