// `npm test`: lint, type checks, unit and integration tests, the production build with the test fixtures, then the
// browser and budget suites on it. Ends with one line `N passed, N failed` summed over every suite.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}
const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
const timings: string[] = [];

function run(title: string, command: string, env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${title}: ${command}`);
  const started = performance.now();
  const result = spawnSync(command, { shell: true, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push(`${title} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

/** A step that is not a test suite (lint, type check, build) counts as one test. */
function check(title: string, command: string, env?: Record<string, string>): boolean {
  const ok = run(title, command, env);
  if (ok) totals.passed += 1;
  else totals.failed += 1;
  return ok;
}

function readJson(path: string): unknown {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

rmSync('test-results', { recursive: true, force: true });
const started = performance.now();

check('lint', 'npm run --silent lint');
check('typecheck', 'npm run --silent typecheck');

run(
  'unit and integration',
  'npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json',
);
const vitest = readJson('test-results/vitest.json') as
  { numPassedTests: number; numFailedTests: number; numPendingTests: number; success: boolean } | undefined;
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests;
  if (!vitest.success && vitest.numFailedTests === 0) totals.failed += 1; // a suite that failed to load
} else totals.failed += 1;

/** A Playwright run's JSON report added to the totals (no report: the run itself failed). */
function countPlaywright(path: string): void {
  const report = readJson(path) as
    { stats: { expected: number; unexpected: number; flaky: number; skipped: number } } | undefined;
  if (report) {
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
  } else totals.failed += 1;
}

// The slow-network budgets time one page's hydration to the millisecond: on a 2-core machine another browser
// beside them measures the machine, not the page. They run after the rest, one at a time.
const SLOW_NETWORK = 'tests/perf/slow-network.spec.ts';

if (check('build', 'npm run --silent build', { E2E_FIXTURES: '1' })) {
  run('browser and budgets', 'npx playwright test', { SLOW_NETWORK_LATER: '1' });
  countPlaywright('test-results/playwright.json');
  run('slow-network budgets', `npx playwright test ${SLOW_NETWORK} --workers=1 --reporter=list,json`, {
    PLAYWRIGHT_JSON_OUTPUT_FILE: 'test-results/playwright-slow-network.json',
  });
  countPlaywright('test-results/playwright-slow-network.json');
  const sizes = readJson('test-results/page-sizes.json') as Record<string, { total: number }> | undefined;
  if (sizes) {
    console.log('\nContent page HTML + CSS as served (brotli), bytes:');
    for (const [url, size] of Object.entries(sizes)) console.log(`  ${url.padEnd(20)} ${size.total}`);
  }
}

console.log(`\nTimings: ${timings.join(', ')}; total ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed === 0 ? 0 : 1);
