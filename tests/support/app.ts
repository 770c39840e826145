import { WEB_CLIENT_GRANTS, upsertOAuthClient } from '../../src/server/auth/clients.ts';
import type { AppDeps } from '../../src/server/deps.ts';
import { createApp } from '../../src/server/http/app.ts';
import type { Database } from '../../src/server/db/client.ts';
import { createRateLimits, type RateLimitSettings } from '../../src/server/http/rate-limits.ts';
import { Network } from '../../src/server/network.ts';
import type { PaymentGateway } from '../../src/server/payments/gateway.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox.ts';
import { confirmedAccount } from '../factories/accounts.ts';
import type { CreatedDatabase, TestDatabase } from './databases.ts';

/** The sandbox gateway's key in tests; callbacks signed with it are authentic. */
export const TEST_SANDBOX_SECRET = 'test-sandbox-secret-0123456789';

/** The key of account e-mail links in tests: a link signed with it is genuine. */
export const TEST_LINK_SECRET = 'test-account-link-secret-0123456789abcdef';

/** The web app's own OAuth client in tests: `registerTestWebClient` puts it in a test database. */
export const TEST_WEB_CLIENT = {
  id: 'segara-web-test',
  secret: 'test-web-client-secret-0123456789abcdefghij',
};

export function registerTestWebClient(db: Database): Promise<void> {
  return upsertOAuthClient(db, {
    id: TEST_WEB_CLIENT.id,
    name: 'web app (tests)',
    secret: TEST_WEB_CLIENT.secret,
    grants: WEB_CLIENT_GRANTS,
  });
}

/** The API as the server mounts it, on a test database and a fixed clock (or one the test moves). */
export function testApp(...args: Parameters<typeof testDeps>) {
  return createApp(testDeps(...args));
}

/** What the server's parts run with, on a test database and a fixed clock (or one the test moves). */
export function testDeps(
  db: Database,
  now: Date | (() => Date) = new Date(),
  gateway?: PaymentGateway,
  limits: RateLimitSettings = { holds: 10_000, lookups: 10_000, codeFailures: 10_000 },
  proxyHops = 0,
): AppDeps {
  const database = () => Promise.resolve(db);
  const clock = typeof now === 'function' ? now : () => now;
  return {
    database,
    network: new Network(),
    clock,
    horizonDays: 120,
    payments: {
      gateway: gateway ?? createSandboxGateway({ secret: TEST_SANDBOX_SECRET, database, clock }),
      windowMinutes: 60,
    },
    siteUrl: 'http://localhost:4321',
    rateLimits: createRateLimits(database, {
      registrations: 10_000,
      recoveries: 10_000,
      accountMails: 10_000,
      ...limits,
    }),
    proxyHops,
    linkSecret: () => TEST_LINK_SECRET,
    webClient: { id: TEST_WEB_CLIENT.id, secret: () => TEST_WEB_CLIENT.secret },
  };
}

/**
 * An account suite's start: a new database with the web app's own client and these confirmed accounts, and the API
 * over it at `now`.
 */
export async function accountsApi(
  database: TestDatabase,
  now: Parameters<typeof testDeps>[1],
  accounts: Parameters<typeof confirmedAccount>[1][],
): Promise<CreatedDatabase & { api: ReturnType<typeof testApp> }> {
  const created = await database.create();
  await registerTestWebClient(created.handle.db);
  for (const account of accounts) await confirmedAccount(created.handle.db, account);
  return { ...created, api: testApp(created.handle.db, now) };
}
