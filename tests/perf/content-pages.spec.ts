import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { everyContentPage } from '../e2e/content-pages.ts';

/** A content page's HTML with its CSS fits the first TCP round trip (docs/architecture.md, Budgets). */
const BUDGET_BYTES = 14 * 1024;
test.describe.configure({ mode: 'serial' });
const measured: Record<string, { html: number; css: number; total: number; scripts: number }> = {};

/*
 * Measured with a published announcement on every page (a heading, two sentences and a link in each language,
 * inserted by the server as it serves the page): the budget holds for a page on the day the agency has news.
 */
let announcement = '';
test.beforeAll(async ({ request }) => {
  const published = await request.post('/e2e/announcement');
  expect(published.status(), await published.text()).toBe(200);
  announcement = ((await published.json()) as { id: string }).id;
});
test.afterAll(async ({ request }) => {
  await request.delete(`/e2e/announcement?id=${announcement}`);
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/page-sizes.json', JSON.stringify(measured, null, 2));
});

/** Loads a page, proves it requests no script and hydrates nothing, and returns HTML + CSS bytes as served. */
async function measure(page: Page, request: APIRequestContext, url: string) {
  const scripts: string[] = [];
  const onRequest = (req: { resourceType: () => string; url: () => string }) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  };
  page.on('request', onRequest);
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  await expect(page.getByRole('region', { name: /^(Announcement|Pengumuman)$/ }), url).toBeVisible();
  expect(scripts, url).toEqual([]);
  expect(await page.locator('script[src]').count()).toBe(0);
  expect(await page.locator('astro-island').count()).toBe(0);

  // Bytes on the wire as a browser that accepts brotli and gzip receives them.
  const wireBytes = async (path: string) => {
    const response = await request.get(path, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(response.headers()['content-encoding']).toBe('br');
    return Number(response.headers()['content-length']);
  };
  const stylesheets = await page
    .locator('link[rel=stylesheet]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const html = await wireBytes(url);
  let css = 0;
  for (const href of stylesheets) css += await wireBytes(href);
  measured[url] = { html, css, total: html + css, scripts: scripts.length };
  expect(html + css, url).toBeLessThanOrEqual(BUDGET_BYTES);
}

for (const { url } of everyContentPage.filter((p) => !p.island)) {
  test(`${url}: no script requests; HTML + CSS <= 14 KB as served`, async ({ page, request }) => {
    await measure(page, request, url);
  });
}

for (const listing of ['/schedule', '/id/schedule']) {
  test(`every route page linked from ${listing}: no script requests; HTML + CSS <= 14 KB`, async ({
    page,
    request,
  }) => {
    await page.goto(listing);
    const routePages = await page
      .getByRole('main')
      .locator(`a[href^="${listing}/"]`)
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(routePages).toHaveLength(14);
    for (const url of routePages) await measure(page, request, url);
  });
}

test('a page rendered on demand shows the same announcement, from the database, in its language', async ({
  page,
}) => {
  for (const [url, heading] of [
    ['/login', 'Rough seas on Wednesday'],
    ['/id/booking/check-order', 'Laut berombak pada hari Rabu'],
  ] as const) {
    await page.goto(url);
    const region = page.getByRole('region', { name: /^(Announcement|Pengumuman)$/ });
    await expect(region.getByRole('heading', { name: heading })).toBeVisible();
  }
});
