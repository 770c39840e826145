import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';

/**
 * A phone on a crowded network at a ferry terminal: 400 ms latency, 400 kbps both ways, an empty cache.
 *
 * - Safe to type into within 2.5 s: the server-rendered form is on screen and what is typed into it is kept, because
 *   each island adopts the typed values when it hydrates (the test types before hydration and checks).
 * - Hydrated (narrowed destinations, step-by-step checks) within 3.8 s: the island's modules are named in the head
 *   (modulepreload) and come in few chunks. React 19's DOM renderer alone is ~57 KB brotli, 1.2 s of this link, so the
 *   hydration cannot reach 2.5 s on it. The home page loads ~96 KB before its form hydrates (CSS 10 KB, the departures
 *   server island 3.5 KB, scripts 82 KB): 1.9 s of the link after the HTML's ~0.65 s and a request's 0.4 s, so ~3.0 s
 *   is the floor, and the React chunk's last byte is what the form waits for (it hydrates ~70 ms after it). Measured
 *   3.40-3.67 s in single loads on the 2-core CI machine in November 2026 (medians of three 3.43-3.53 s), the same
 *   before and after issue 41 (27b28d3 and 75fe555), 3.1 s on a faster one earlier: 3.8 s leaves room for the
 *   machine, not for another chunk of React's size.
 */
const SLOW_NETWORK = { latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const TYPING_BUDGET_MS = 2_500;
const HYDRATED_BUDGET_MS = 3_800;

test.describe.configure({ mode: 'serial' });
interface Timing {
  typing: number;
  hydrated: number;
}
const measured: Record<string, Timing> = {};
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

/** Three cold loads, each in a page of its own: the median is what is held to the budgets (a 2-core machine running
 * the server, the browser and the runner jitters the emulated link by a few hundred ms now and then). */
const LOADS = 3;
async function medianOfLoads(
  context: BrowserContext,
  load: (page: Page) => Promise<Timing>,
): Promise<Timing> {
  const timings: Timing[] = [];
  for (let attempt = 0; attempt < LOADS; attempt += 1) {
    const page = await context.newPage();
    timings.push(await load(page));
    await page.close();
  }
  const median = (values: number[]) =>
    values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Infinity;
  return { typing: median(timings.map((t) => t.typing)), hydrated: median(timings.map((t) => t.hydrated)) };
}

for (const url of ['/', '/id']) {
  test(`${url}: on a slow phone network the search form takes input at once and keeps it through hydration`, async ({
    context,
  }) => {
    test.slow();
    const timing = await medianOfLoads(context, async (page) => {
      await slowPage(page, 'SearchForm');
      await page.goto(url, { waitUntil: 'commit' });
      const from = page.locator('select[name="from"]');
      await from.waitFor({ state: 'visible' });
      const typing = await pageClock(page);
      expect(await hydrated(page)).toBe(false); // chosen before the island is interactive
      await from.selectOption('HBB');
      const readyAt = await hydratedAt(page);
      await expect(from).toHaveValue('HBB');
      // The island took the choice: it narrows the destinations to Harbour Bay's (HarbourFront, Stulang Laut, ...).
      await expect(page.locator('select[name="to"] option[value="TMF"]')).toHaveCount(0);
      return { typing, hydrated: readyAt };
    });
    measured[`${url} search form`] = timing;
    expect(timing.typing).toBeLessThanOrEqual(TYPING_BUDGET_MS);
    expect(timing.hydrated).toBeLessThanOrEqual(HYDRATED_BUDGET_MS);
  });
}

test('/booking/{id}: on a slow phone network the contact step takes typing at once and keeps it through hydration', async ({
  context,
}) => {
  test.slow();
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const timing = await medianOfLoads(context, async (page) => {
    // A booking of its own for each load: the step moves on once its checks pass.
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
    await expect(name).toHaveValue('Dewi Lestari');
    // The island holds what was typed before it woke: the step passes its checks with it.
    await page.locator('[name="contact.email"]').fill('dewi.lestari@example.co.id');
    await page.locator('[name="contact.phone"]').fill('0812 3456 7890');
    await page.getByTestId('flow-next').click();
    await expect(page.locator('[name="passengers.0.fullName"]')).toBeVisible();
    return { typing, hydrated: readyAt };
  });
  measured['/booking/{id} contact step'] = timing;
  expect(timing.typing).toBeLessThanOrEqual(TYPING_BUDGET_MS);
  expect(timing.hydrated).toBeLessThanOrEqual(HYDRATED_BUDGET_MS);
});
