import { readFileSync } from 'node:fs';
import { chromium, expect, test, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';

// The service worker is what these tests are about (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// Issue 41: the site installs as an app that opens on My trips, works offline there, and a new deploy's service
// worker takes over on the next visit. Chromium only (service workers and installability over CDP).

/** The URL of the worker controlling the page, once one has claimed it. */
async function controller(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

/** The English My trips page's keys in the worker's precache (workbox adds `__WB_REVISION__=<revision>`). */
function precachedMyTrips(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.includes('precache'));
    const keys = await Promise.all(names.map(async (name) => (await caches.open(name)).keys()));
    return keys
      .flat()
      .map((request) => new URL(request.url))
      .filter((url) => url.pathname === '/my-trips')
      .map((url) => url.search);
  });
}

test('a page with islands installs the worker, and Chromium finds the site installable', async ({
  launchOptions,
}) => {
  // A persistent profile: Playwright's usual contexts are incognito, where Chromium never offers to install.
  const context = await chromium.launchPersistentContext('', { ...launchOptions, baseURL, locale: 'en-GB' });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    expect(await controller(page)).toBe(`${baseURL}/sw.js`);
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest).toMatchObject({ url: `${baseURL}/manifest.webmanifest`, errors: [] });
    expect(await cdp.send('Page.getInstallabilityErrors')).toEqual({ installabilityErrors: [] });
  } finally {
    await context.close();
  }
});

test('a content page loads no worker script itself', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.url().endsWith('/sw.js')) scripts.push(request.url());
  });
  await page.goto('/about-us');
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
});

test("offline, a page opens the saved My trips page in the address's language", async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await context.setOffline(true);
  await page.goto('/id/about-us');
  await expect(page).toHaveURL(/\/id\/about-us$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/id\/my-trips$/);
});

test("a new deploy's worker takes over on the next visit, and My trips reloads onto it", async ({
  page,
  context,
}) => {
  // The running build is the new deploy; the old one is the same worker with another My trips revision, and its
  // My trips page carries a mark. (Chromium routes a worker's first script request and its own fetches through
  // context.route, but not the browser's later update checks: those reach the server, and find the new build.)
  const newRevision = /url:"\/my-trips",revision:"([^"]+)"/.exec(
    readFileSync('dist/client/sw.js', 'utf8'),
  )?.[1];
  expect(newRevision).toMatch(/^[0-9a-f]{16}$/);
  let oldDeploy = true;
  await context.route('**/sw.js', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/(url:"\/my-trips",revision:")[^"]+/, '$1old');
    await route.fulfill({ response, body });
  });
  await context.route('**/my-trips', async (route) => {
    if (!oldDeploy || route.request().serviceWorker() === null) return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace('</head>', '<meta name="deploy" content="old"></head>');
    return route.fulfill({ response, body });
  });

  await page.goto('/my-trips');
  await controller(page);
  await page.reload();
  // The page now comes from the old worker's precache.
  await expect(page.locator('meta[name=deploy]')).toHaveAttribute('content', 'old');
  expect(await precachedMyTrips(page)).toEqual(['?__WB_REVISION__=old']);

  await context.unroute('**/sw.js');
  oldDeploy = false;
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.goto('/my-trips');
  // The visit itself, then the reload once the new worker has claimed the page.
  await expect.poll(() => loads, { timeout: 15_000 }).toBe(2);
  await expect(page.locator('meta[name=deploy]')).toHaveCount(0);
  expect(await precachedMyTrips(page)).toEqual([`?__WB_REVISION__=${newRevision ?? ''}`]);
});
