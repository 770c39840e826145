import { expect, test } from '@playwright/test';
import { writeFileSync, mkdirSync } from 'node:fs';
import { everyContentPage } from '../e2e/content-pages.ts';

/** ARCHITECTURE.md: a content page's HTML with its CSS fits the first TCP round trip (14 KB compressed). */
const BUDGET_BYTES = 14 * 1024;
test.describe.configure({ mode: 'serial' });
const measured: Record<string, { html: number; css: number; total: number; scripts: number }> = {};

test.afterAll(() => {
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/page-sizes.json', JSON.stringify(measured, null, 2));
});

for (const { url } of everyContentPage) {
  test(`${url}: no script requests; HTML + CSS <= 14 KB as served`, async ({ page, request }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
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
    expect(html + css).toBeLessThanOrEqual(BUDGET_BYTES);
  });
}
