import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

/**
 * A phone on a crowded network at a ferry terminal: 400 ms latency, 400 kbps both ways, an empty cache.
 *
 * - Safe to type into within 2.5 s: the server-rendered form is on screen and what is typed into it is kept, because
 *   each island adopts the typed values when it hydrates (the test types before hydration and checks).
 * - Hydrated (narrowed destinations, step-by-step checks) within 3.5 s: the island's modules are named in the head
 *   (modulepreload) and come in few chunks. React 19's DOM renderer alone is ~60 KB gzip, 1.2 s of this link, so the
 *   hydration cannot reach 2.5 s on it; 3.5 s keeps a margin above the ~3.1 s measured and catches a regression.
 */
const SLOW_NETWORK = { latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const TYPING_BUDGET_MS = 2_500;
const HYDRATED_BUDGET_MS = 3_500;

test.describe.configure({ mode: 'serial' });
const measured: Record<string, { typing: number; hydrated: number }> = {};
test.afterAll(() => {
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/slow-network.json', JSON.stringify(measured, null, 2));
});

/** Throttles the page's network, and records in the page when the island of `component` hydrates. */
async function slowPage(page: Page, component: string): Promise<void> {
  await page.addInitScript((name) => {
    const record = () => {
      const island = document.querySelector(`astro-island[component-url*="/${name}."]`);
      if (island && !island.hasAttribute('ssr') && !('islandReadyAt' in window))
        Object.assign(window, { islandReadyAt: performance.now() });
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true });
  }, component);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_NETWORK });
}

/** Milliseconds since the navigation started, in the page's own clock. */
const pageClock = (page: Page) => page.evaluate(() => Math.round(performance.now()));
const hydrated = (page: Page) => page.evaluate(() => 'islandReadyAt' in window);
async function hydratedAt(page: Page): Promise<number> {
  await page.waitForFunction(() => 'islandReadyAt' in window, undefined, { timeout: 20_000 });
  return page.evaluate(() => Math.round((window as unknown as { islandReadyAt: number }).islandReadyAt));
}

for (const url of ['/', '/id']) {
  test(`${url}: on a slow phone network the search form takes input at once and keeps it through hydration`, async ({
    page,
  }) => {
    test.slow();
    await slowPage(page, 'SearchForm');
    await page.goto(url, { waitUntil: 'commit' });
    const from = page.locator('select[name="from"]');
    await from.waitFor({ state: 'visible' });
    const typing = await pageClock(page);
    expect(await hydrated(page)).toBe(false); // chosen before the island is interactive
    await from.selectOption('HBB');
    const readyAt = await hydratedAt(page);
    measured[`${url} search form`] = { typing, hydrated: readyAt };
    await expect(from).toHaveValue('HBB');
    // The island took the choice: it narrows the destinations to Harbour Bay's (HarbourFront, Stulang Laut, ...).
    await expect(page.locator('select[name="to"] option[value="TMF"]')).toHaveCount(0);
    expect(typing).toBeLessThanOrEqual(TYPING_BUDGET_MS);
    expect(readyAt).toBeLessThanOrEqual(HYDRATED_BUDGET_MS);
  });
}

test('/booking/{id}: on a slow phone network the contact step takes typing at once and keeps it through hydration', async ({
  page,
}) => {
  test.slow();
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const search = await page.request.get(`/api/schedules?from=BTC&to=HFC&date=${day}`);
  const { outbound } = (await search.json()) as { outbound: { sailings: { id: string }[] } };
  const held = await page.request.post('/api/bookings', {
    data: { out: outbound.sailings[0]?.id, adults: 1 },
  });
  const { id } = (await held.json()) as { id: string };

  await slowPage(page, 'BookingFlow');
  await page.goto(`/booking/${id}`, { waitUntil: 'commit' });
  const name = page.locator('[name="contact.fullName"]');
  await name.waitFor({ state: 'visible' });
  const typing = await pageClock(page);
  expect(await hydrated(page)).toBe(false);
  await name.fill('Dewi Lestari');
  const readyAt = await hydratedAt(page);
  measured['/booking/{id} contact step'] = { typing, hydrated: readyAt };
  await expect(name).toHaveValue('Dewi Lestari');
  // The island holds what was typed before it woke: the step passes its checks with it.
  await page.locator('[name="contact.email"]').fill('dewi.lestari@example.co.id');
  await page.locator('[name="contact.phone"]').fill('0812 3456 7890');
  await page.getByTestId('flow-next').click();
  await expect(page.locator('[name="passengers.0.fullName"]')).toBeVisible();
  expect(typing).toBeLessThanOrEqual(TYPING_BUDGET_MS);
  expect(readyAt).toBeLessThanOrEqual(HYDRATED_BUDGET_MS);
});
