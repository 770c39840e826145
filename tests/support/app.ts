import { WEB_CLIENT_GRANTS, upsertOAuthClient } from '../../src/server/auth/clients.ts';
import type { AppDeps } from '../../src/server/deps.ts';
import { createApp } from '../../src/server/http/app.ts';
import { apiContracts } from '../../src/server/http/contracts.ts';
import type { RefusalStatus } from '../../src/server/validation-errors.ts';
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

/**
 * The API as the server mounts it, on a test database and a fixed clock (or one the test moves). Every answer of a
 * use case's route is held to its declaration: a refusal with a status the use case does not list fails the test
 * that met it (the fuzz suite checks the same with generated requests).
 */
export function testApp(...args: Parameters<typeof testDeps>) {
  const app = createApp(testDeps(...args));
  const request = app.request.bind(app);
  app.request = async (...call: Parameters<typeof app.request>) => {
    const answer = await request(...call);
    const [input, init] = call;
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const path = new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname;
    const refusals = contractOf(method, path)?.refusals;
    if (refusals && answer.status >= 400 && !refusals.includes(answer.status as RefusalStatus))
      throw new Error(
        `${method} ${path} answered ${String(answer.status)}, not among its refusals ${String(refusals)}`,
      );
    return answer;
  };
  return app;
}

/** The contract of the route a path and method reach (`/api/bookings/:id/...` patterns). */
function contractOf(method: string, path: string) {
  for (const [route, contract] of Object.entries(apiContracts)) {
    const [routeMethod, pattern = ''] = route.split(' ');
    const matcher = new RegExp(`^${pattern.replace(/:[a-z]+/gi, '[^/]+')}$`);
    if (routeMethod === method.toUpperCase() && matcher.test(path)) return contract;
  }
  return undefined;
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
