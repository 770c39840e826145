import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

/**
 * JS before the island is interactive <= 100 KB gzip; all JS of a route <= 150 KB gzip (docs/architecture.md,
 * Budgets).
 */
const INTERACTIVE_BUDGET = 100 * 1024;
const ROUTE_BUDGET = 150 * 1024;

test.describe.configure({ mode: 'serial' });
// The page's own loading, as on a first visit: service workers are blocked (playwright.config.ts), or one installed
// after the page's load event would answer the page's later imports from its cache, which a size count cannot see.
// The build reports what the worker downloads (docs/offline.md).
const measured: Record<string, { scripts: number; bytes: number }> = {};
test.afterAll(() => {
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/island-sizes.json', JSON.stringify(measured, null, 2));
});

/**
 * The encoded size of every script the page loads from now on, as promises the test awaits where it measures. A
 * script that finishes as the page closes (after the last measurement) must not fail the test with its closed
 * target: each promise has a handler from the start, so only the ones the test awaits can fail it.
 */
function scriptSizes(page: Page): Promise<number>[] {
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    const size = request.sizes().then((s) => s.responseBodySize);
    size.catch(() => undefined);
    sizes.push(size);
  });
  return sizes;
}

for (const url of ['/', '/id', '/booking/schedule', '/id/booking/schedule']) {
  test(`${url}: the search form is interactive within the JS budget`, async ({ page }) => {
    const sizes = scriptSizes(page);
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

/** A held booking through the API (the same call the schedule page's Continue makes). */
async function holdOneSeat(page: Page): Promise<string> {
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const search = await page.request.get(`/api/schedules?from=BTC&to=HFC&date=${day}`);
  const { outbound } = (await search.json()) as { outbound: { sailings: { id: string }[] } };
  const held = await page.request.post('/api/bookings', {
    data: { out: outbound.sailings[0]?.id, adults: 1 },
  });
  return ((await held.json()) as { id: string }).id;
}

test('/booking/{id}: the booking flow is interactive within budget, and its late steps stay in the route budget', async ({
  page,
}) => {
  const id = await holdOneSeat(page);
  const sizes = scriptSizes(page);
  await page.goto(`/booking/${id}`);
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(3); // hold timer, booking flow, notifications
  await page.waitForLoadState('networkidle');
  const interactive = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  measured['/booking/{id}'] = { scripts: sizes.length, bytes: interactive };
  // The late steps: checking the contact step loads the schema and the phone metadata on demand.
  await page.locator('[name="contact.fullName"]').fill('Budi Santoso');
  await page.locator('[name="contact.email"]').fill('budi@example.com');
  await page.locator('[name="contact.phone"]').fill('081234567890');
  await page.getByTestId('flow-next').click();
  await expect(page.locator('[name="passengers.0.fullName"]')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const route = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  measured['/booking/{id} after the contact step'] = { scripts: sizes.length, bytes: route };
  expect(route).toBeGreaterThan(interactive); // the schema really is loaded later
  expect(interactive).toBeLessThanOrEqual(INTERACTIVE_BUDGET);
  expect(route).toBeLessThanOrEqual(ROUTE_BUDGET);
});

for (const url of ['/login', '/id/sign-up']) {
  test(`${url}: the account form is interactive within budget, and its checks (loaded on submit) within the route's`, async ({
    page,
  }) => {
    const sizes = scriptSizes(page);
    await page.goto(url);
    // Every island hydrated: the form, notifications and (Google configured, as in these tests) its button.
    await expect(page.locator('astro-island:not([ssr])')).toHaveCount(3);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    const interactive = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
    // Submitting empty loads the shared schema and the phone metadata, and shows what is missing.
    await page.locator('form[data-testid^="account-"] button[type="submit"]').click();
    await expect(page.locator('form[data-testid^="account-"] .text-error').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const route = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
    measured[url] = { scripts: sizes.length, bytes: route };
    expect(interactive).toBeLessThanOrEqual(INTERACTIVE_BUDGET);
    expect(route).toBeLessThanOrEqual(ROUTE_BUDGET);
    expect(route).toBeGreaterThan(interactive);
  });
}

test("/id: the header's sign-up dialog loads on its first open and keeps the home page in its route budget", async ({
  page,
}) => {
  const sizes = scriptSizes(page);
  await page.goto('/id');
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(2);
  await page.waitForLoadState('networkidle');
  const before = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  await page.getByRole('banner').getByLabel('Menu').click();
  await page.getByRole('banner').getByRole('link', { name: 'Masuk', exact: true }).click();
  await page.getByTestId('sign-up-link').click();
  // Submitting empty loads the shared schema and the phone metadata too: everything the dialog can load.
  await page.getByTestId('account-signUp-submit').click();
  await expect(page.getByTestId('account-signUp').locator('.text-error').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const route = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  measured['/id with the sign-up dialog'] = { scripts: sizes.length, bytes: route };
  expect(route).toBeGreaterThan(before); // the dialog's code really waits for the first open
  expect(route).toBeLessThanOrEqual(ROUTE_BUDGET);
});
