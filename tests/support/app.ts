import { createApp, type AppDeps } from '../../src/server/http/app.ts';
import type { Database } from '../../src/server/db/client.ts';
import { createRateLimits, type RateLimitSettings } from '../../src/server/http/rate-limits.ts';
import { Network } from '../../src/server/network.ts';
import type { PaymentGateway } from '../../src/server/payments/gateway.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox.ts';

/** The sandbox gateway's key in tests; callbacks signed with it are authentic. */
export const TEST_SANDBOX_SECRET = 'test-sandbox-secret-0123456789';

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
    rateLimits: createRateLimits(database, limits),
    proxyHops,
  };
}
