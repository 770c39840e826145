import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { daysAhead } from './batam-dates.ts';

const t = { prefix: '', label: 'Nearby dates, lowest price for one adult', price: /IDR [\d,]+/ } as const;

test(
  `en: the results show a week of dates with their lowest price, and a day's link searches it`,
  { tag: '@layout' },
  async ({ page }) => {
    await page.goto(
      `${t.prefix}/booking/schedule?trip=two_way&from=BTC&to=HFC&date=${daysAhead(10)}&returnDate=${daysAhead(12)}&adults=2`,
    );
    const strip = page.getByRole('navigation', { name: t.label });
    const days = strip.getByRole('link');
    await expect(days).toHaveCount(7);
    await expect(strip.locator('[aria-current="date"]')).toHaveAttribute(
      'href',
      new RegExp(`date=${daysAhead(10)}`),
    );
    await expect(days.nth(3)).toContainText(t.price);
    await expectNoAxeViolations(page);
    // Loaded afresh in the dark scheme: switching on a loaded page would measure colours mid-transition.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(days).toHaveCount(7);
    await expectNoAxeViolations(page);

    await days.nth(4).click();
    await expect(page).toHaveURL(new RegExp(`date=${daysAhead(11)}&returnDate=${daysAhead(13)}`));
    await expect(strip.locator('[aria-current="date"]')).toHaveAttribute(
      'href',
      new RegExp(`date=${daysAhead(11)}`),
    );
    await expect(page.locator('input[name="out"]').first()).toBeVisible();
  },
);

test('without JavaScript the strip is plain links', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/booking/schedule?from=BTC&to=HFC&date=${daysAhead(20)}&adults=1`);
  const days = page.getByTestId('date-strip').getByRole('link');
  await expect(days).toHaveCount(7);
  await days.first().click();
  await expect(page).toHaveURL(new RegExp(`date=${daysAhead(17)}`));
  await context.close();
});
