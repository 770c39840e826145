import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { daysAhead } from './batam-dates.ts';

const t = {
  prefix: '',
  edit: 'Edit search',
  party: 'Adults 2 · Children 1',
  from: 'From',
  total: '3 passengers, this sailing',
} as const;

test(
  `en: once a search found sailings the form folds into one line, so the sailings come first`,
  { tag: '@layout' },
  async ({ page }) => {
    await page.goto(`${t.prefix}/booking/schedule?from=BTC&to=HFC&date=${daysAhead(11)}&adults=2&children=1`);
    const summary = page.getByTestId('search-summary');
    await expect(summary).toContainText('Batam Centre → HarbourFront Centre');
    await expect(summary).toContainText(t.party);
    await expect(page.getByLabel(t.from, { exact: true })).toBeHidden();
    await expect(page.locator('input[name="out"]').first()).toBeInViewport();
    // The party's total carries a visible label, not only a price.
    await expect(page.getByText(t.total).first()).toBeVisible();
    await expectNoAxeViolations(page);

    await summary.click();
    await expect(page.getByLabel(t.from, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: t.edit })).toBeHidden();
  },
);

test('a party of one reads "1 passenger", not "1 passengers"', { tag: '@layout' }, async ({ page }) => {
  await page.goto(`/booking/schedule?from=BTC&to=HFC&date=${daysAhead(11)}&adults=1`);
  await expect(page.getByText('1 passenger, this sailing').first()).toBeVisible();
  await expect(page.getByText('1 passengers')).toHaveCount(0);
});

test(
  'without results the form stays open, and without JavaScript "Edit search" still opens it',
  { tag: '@layout' },
  async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/booking/schedule');
    await expect(page.getByLabel('From', { exact: true })).toBeVisible();
    await page.goto(`/booking/schedule?from=BTC&to=HFC&date=${daysAhead(11)}&adults=1`);
    await expect(page.getByLabel('From', { exact: true })).toBeHidden();
    await page.getByTestId('search-summary').click();
    await expect(page.getByLabel('From', { exact: true })).toBeVisible();
    await context.close();
  },
);
