// `npm test`: lint and type checks, the production build with the test fixtures, the vitest projects (unit,
// integration, concurrency), then the browser and budget suites on the build. Ends with one line
// `N passed, N failed` summed over every suite, after the wall time of each.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}
const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
const timings: string[] = [];
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function run(title: string, command: string, env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${title}: ${command}`);
  const started = performance.now();
  const result = spawnSync(command, { shell: true, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push(`${title} ${seconds(started)}`);
  return result.status === 0;
}

/** A step that is not a test suite (lint, type check, build) counts as one test. */
function count(ok: boolean): boolean {
  if (ok) totals.passed += 1;
  else totals.failed += 1;
  return ok;
}

/** A command in the background, its output prefixed; `marker` (a line it prints) resolves `reached`. */
function background(title: string, command: string, marker?: string) {
  const started = performance.now();
  const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const { promise: reached, resolve: reachMarker } = Promise.withResolvers<undefined>();
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (marker && output.includes(marker)) reachMarker(undefined);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const done = new Promise<boolean>((resolve) => {
    child.on('close', (code) => {
      reachMarker(undefined); // never wait for a marker a failed command did not print
      console.log(`\n=== ${title}: ${command}\n${output.trimEnd()}`);
      timings.push(`${title} ${seconds(started)}`);
      resolve(code === 0);
    });
  });
  return { reached, done };
}

function readJson(path: string): unknown {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

rmSync('test-results', { recursive: true, force: true });
const started = performance.now();

// The lint and typecheck scripts' steps side by side (three processes on two cores, about 45 s instead of 95 s in
// a row; the dependency rules, 2 s, go with the formatting). `astro check` writes Astro's generated types first (.astro/), which ESLint's type information reads:
// ESLint starts once they are written ("Getting diagnostics" follows the sync). Prettier reads only sources.
if (!run('messages', 'npm run --silent i18n')) totals.failed += 1;
// The service worker is checked against the WebWorker library, apart from the rest (src/service-worker/tsconfig.json).
const types = background(
  'typecheck',
  'npx astro check && npx tsc --noEmit -p src/service-worker',
  'Getting diagnostics',
);
const prettier = background('format', 'npm run --silent lint:format && npm run --silent lint:deps');
await types.reached;
const eslint = background('lint', 'npm run --silent lint:code');
const [typesOk, prettierOk, eslintOk] = await Promise.all([types.done, prettier.done, eslint.done]);
count(typesOk);
count(prettierOk && eslintOk);

// The build first: the browser suites run on it, and nothing in vitest waits for it.
const built = count(run('build', 'npm run --silent build', { E2E_FIXTURES: '1' }));

run(
  'unit, integration and concurrency',
  'npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json',
);
const vitest = readJson('test-results/vitest.json') as
  | {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      success: boolean;
      testResults: { name: string; startTime: number; endTime: number }[];
    }
  | undefined;
if (vitest) {
  printProjectTimes(vitest.testResults);
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests;
  if (!vitest.success && vitest.numFailedTests === 0) totals.failed += 1; // a suite that failed to load
} else totals.failed += 1;

/**
 * Where the vitest run's time goes: each project's test files' own running time, added up (the projects share the
 * run's two workers, so these add up to about twice its wall time, less module loading).
 */
function printProjectTimes(files: { name: string; startTime: number; endTime: number }[]): void {
  const projects = {
    unit: /\/tests\/unit\//,
    integration: /\/tests\/(integration|fuzz)\//,
    concurrency: /\/tests\/concurrency\//,
  };
  const spent = Object.entries(projects).map(([name, folder]) => {
    const total = files
      .filter((file) => folder.test(file.name))
      .reduce((sum, file) => sum + (file.endTime - file.startTime), 0);
    return `${name} ${(total / 1000).toFixed(1)} s`;
  });
  timings.push(`(vitest files' own time: ${spent.join(', ')})`);
}

/**
 * A Playwright run's JSON report added to the totals. No report, or a run that failed with no failed test in it (its
 * web server could not start, a config error), counts as one failure: a suite that never ran has not passed.
 */
function countPlaywright(path: string, exitedCleanly: boolean): void {
  const report = readJson(path) as
    { stats: { expected: number; unexpected: number; flaky: number; skipped: number } } | undefined;
  if (report) {
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
  }
  if (!report || (!exitedCleanly && report.stats.unexpected === 0)) totals.failed += 1;
}

// The slow-network budgets time one page's hydration to the millisecond: on a 2-core machine another browser
// beside them measures the machine, not the page. They run after the rest, one at a time.
const SLOW_NETWORK = 'tests/perf/slow-network.spec.ts';

if (built) {
  const browsers = run('browser and budgets', 'npx playwright test', { SLOW_NETWORK_LATER: '1' });
  countPlaywright('test-results/playwright.json', browsers);
  const slow = run(
    'slow-network budgets',
    `npx playwright test ${SLOW_NETWORK} --workers=1 --reporter=list,json`,
    {
      PLAYWRIGHT_JSON_OUTPUT_FILE: 'test-results/playwright-slow-network.json',
    },
  );
  countPlaywright('test-results/playwright-slow-network.json', slow);
  const sizes = readJson('test-results/page-sizes.json') as Record<string, { total: number }> | undefined;
  if (sizes) {
    console.log('\nContent page HTML + CSS as served (brotli), bytes:');
    for (const [url, size] of Object.entries(sizes)) console.log(`  ${url.padEnd(20)} ${size.total}`);
  }
}

console.log(`\nWall time per suite: ${timings.join(', ')}; total ${seconds(started)}`);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed === 0 ? 0 : 1);
