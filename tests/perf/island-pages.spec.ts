import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/** ARCHITECTURE.md: JS before the island is interactive <= 100 KB gzip; all JS of a route <= 150 KB gzip. */
const INTERACTIVE_BUDGET = 100 * 1024;
const ROUTE_BUDGET = 150 * 1024;

test.describe.configure({ mode: 'serial' });
const measured: Record<string, { scripts: number; bytes: number }> = {};
test.afterAll(() => {
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/island-sizes.json', JSON.stringify(measured, null, 2));
});

for (const url of ['/', '/id', '/booking/schedule', '/id/booking/schedule']) {
  test(`${url}: the search form is interactive within the JS budget`, async ({ page }) => {
    const sizes: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') sizes.push(request.sizes().then((s) => s.responseBodySize));
    });
    await page.goto(url);
    await expect(page.locator('astro-island:not([ssr])')).toHaveCount(2);
    await page.waitForLoadState('networkidle');
    const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
    measured[url] = { scripts: sizes.length, bytes };
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(INTERACTIVE_BUDGET);
    expect(bytes).toBeLessThanOrEqual(ROUTE_BUDGET);
  });
}
