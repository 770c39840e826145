import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signedInAdmin } from '../e2e/staff-sign-in.ts';

/**
 * The staff console's own JavaScript budget (docs/architecture.md, Budgets): the announcement editor (React, the
 * form, and Tiptap loaded on demand) in 200 KB gzip. Staff work at a desk on the agency's network, so this budget is
 * wider than a traveller's route (150 KB), and the editor never reaches a traveller's page.
 */
const STAFF_ROUTE_BUDGET = 200 * 1024;
/** The form is usable (as a plain textarea) before the editor arrives, within a traveller's interactive budget. */
const INTERACTIVE_BUDGET = 100 * 1024;

function scriptSizes(page: Page): { url: string; size: Promise<number> }[] {
  const sizes: { url: string; size: Promise<number> }[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    const size = request.sizes().then((s) => s.responseBodySize);
    size.catch(() => undefined);
    sizes.push({ url: request.url(), size });
  });
  return sizes;
}

const total = async (sizes: { size: Promise<number> }[]) =>
  (await Promise.all(sizes.map((entry) => entry.size))).reduce((sum, size) => sum + size, 0);

test('/staff/announcements/new: the editor within the staff budget, the form usable before it', async ({
  page,
}) => {
  await signedInAdmin(page);
  const sizes = scriptSizes(page);
  await page.goto('/staff/announcements/new');
  await expect(page.locator('[data-editor="rich"]')).toHaveCount(2);
  await page.waitForLoadState('networkidle');
  const route = await total(sizes);
  const editor = await total(sizes.filter((entry) => entry.url.includes('tiptap-editor')));
  mkdirSync('test-results', { recursive: true });
  writeFileSync(
    'test-results/staff-sizes.json',
    JSON.stringify({ '/staff/announcements/new': { scripts: sizes.length, bytes: route, editor } }, null, 2),
  );
  expect(editor).toBeGreaterThan(0); // the editor is its own chunk, loaded after the form
  expect(route - editor).toBeLessThanOrEqual(INTERACTIVE_BUDGET);
  expect(route).toBeLessThanOrEqual(STAFF_ROUTE_BUDGET);
});

test("/staff/scan: the gate scanner opens within a traveller's interactive budget (it works on a mobile network)", async ({
  page,
}) => {
  await signedInAdmin(page);
  const sizes = scriptSizes(page);
  await page.goto('/staff/scan');
  await expect(page.getByTestId('gate-scanner')).toHaveAttribute('data-ready', 'true');
  await page.waitForLoadState('networkidle');
  const route = await total(sizes);
  expect(route).toBeGreaterThan(0);
  // ZXing's reader (~25 KB gzip) comes once a sailing is chosen, and only on phones without a reader of their own.
  expect(route).toBeLessThanOrEqual(INTERACTIVE_BUDGET);
});

test("a traveller's pages never load the editor", async ({ page }) => {
  const sizes = scriptSizes(page);
  for (const url of ['/', '/id', '/booking/schedule', '/login']) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
  }
  expect(sizes.map((entry) => entry.url).filter((url) => /tiptap|AnnouncementEditor/.test(url))).toEqual([]);
});
