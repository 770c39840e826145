import { defineConfig } from 'vitest/config';

/**
 * Three projects, so the fast ones run alone (`npx vitest run --project unit`) and `npm test` runs all:
 * - unit: no database, no server;
 * - integration: the API, use cases, jobs and pages on PGlite and PostgreSQL, and the fuzz suites; each file gets a
 *   copy of a database migrated once per run (tests/support/global-setup.ts);
 * - concurrency: the race tests on PostgreSQL with two API processes. They run beside the others (each retries or
 *   counts rounds until its race has really happened, so a busy machine changes how long they take, not whether
 *   they can see the race).
 */
export default defineConfig({
  test: {
    environment: 'node',
    restoreMocks: true,
    // Vitest uses one worker fewer than the cores by default: on a 2-core machine that is one. Most files wait on a
    // database as much as they compute, so two run side by side.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], isolate: false } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/fuzz/**/*.test.ts'],
          isolate: false,
          globalSetup: ['tests/support/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'concurrency',
          include: ['tests/concurrency/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
        },
      },
    ],
  },
});
