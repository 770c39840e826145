import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'tests/unit/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'tests/concurrency/**/*.test.ts',
      'tests/fuzz/**/*.test.ts',
    ],
    environment: 'node',
    restoreMocks: true,
    globalSetup: ['tests/support/postgres-global-setup.ts'],
    // Starting PGlite (initdb in WASM) and PostgreSQL databases takes seconds on a 2-core machine.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
