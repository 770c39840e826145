import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { daysAhead } from './batam-dates.ts';

const t = {
  prefix: '',
  sort: 'Sort by',
  line: 'Operator',
  departs: 'Time of day',
  apply: 'Show sailings',
  choose: 'Choose a sailing',
  returnAfter: 'The return sailing must leave after the outbound arrives',
  perPerson: 'Per person',
  subtotal: 'Subtotal',
  details: 'Price details',
  money: /IDR [\d,]+/,
} as const;

/** The departure times and party prices of the outbound sailings, in the order shown. */
async function outboundCards(page: Page) {
  return page.locator('input[name="out"]').evaluateAll((radios) =>
    radios.map((radio) => ({
      at: (radio as HTMLInputElement).dataset.departsAt ?? '',
      price: Number((radio as HTMLInputElement).dataset.subtotal),
      summary: (radio as HTMLInputElement).dataset.summary ?? '',
    })),
  );
}

/** Rupiah as shown (`IDR 1,234,000` or `Rp 1.234.000`) back to a number. */
const amount = (text: string) => Number(text.replace(/\D/g, ''));

test(
  `en: sailings sort by price and filter by operator and time of day, in the address, keeping the choice`,
  { tag: '@layout' },
  async ({ page }) => {
    await page.goto(`${t.prefix}/booking/schedule?from=BTC&to=HFC&date=${daysAhead(16)}&adults=2`);
    const byDeparture = await outboundCards(page);
    expect(byDeparture.map((c) => c.at)).toEqual([...byDeparture.map((c) => c.at)].sort());
    await page.locator('input[name="out"]').nth(1).check();

    await page.getByTestId('results-view').locator('summary').click();
    await page.getByLabel(t.sort, { exact: true }).selectOption('price');
    await page.getByRole('button', { name: t.apply }).click();
    await expect(page).toHaveURL(/sort=price/);
    const byPrice = await outboundCards(page);
    expect(byPrice.map((c) => c.price)).toEqual([...byPrice.map((c) => c.price)].sort((a, b) => a - b));
    // The sailing chosen before stays chosen, wherever it now is.
    await expect(
      page.locator(`input[name="out"][data-summary="${byDeparture[1]?.summary ?? ''}"]`),
    ).toBeChecked();

    await page.getByLabel(t.departs, { exact: true }).selectOption('morning');
    const operator = await page
      .getByLabel(t.line, { exact: true })
      .locator('option')
      .nth(1)
      .getAttribute('value');
    await page.getByLabel(t.line, { exact: true }).selectOption(operator ?? '');
    await page.getByRole('button', { name: t.apply }).click();
    await expect(page).toHaveURL(
      new RegExp(`line=${operator ?? ''}.*departs=morning|departs=morning.*line=`),
    );
    const filtered = await outboundCards(page);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.length).toBeLessThan(byDeparture.length);
    for (const card of filtered) expect(Number(card.summary.slice(0, 2))).toBeLessThan(12);
    await expect(page.getByLabel(t.line, { exact: true })).toHaveValue(operator ?? '');
    await expectNoAxeViolations(page);
  },
);

test(
  `en: the bar at the bottom follows the choices with their total, and early returns cannot be chosen`,
  { tag: '@layout' },
  async ({ page }) => {
    const day = daysAhead(17);
    await page.goto(
      `${t.prefix}/booking/schedule?trip=two_way&from=BTC&to=HFC&date=${day}&returnDate=${day}&adults=2`,
    );
    const bar = page.getByTestId('selection');
    await expect(bar).toContainText(t.choose);
    const outbound = page.locator('input[name="out"]');
    const returns = page.locator('input[name="ret"]');
    const disabledReturns = page.locator('input[name="ret"]:disabled');
    await outbound.first().check();
    await expect(bar).toContainText((await outbound.first().getAttribute('data-summary')) ?? 'missing');
    const early = await disabledReturns.count();
    // The last return of the day leaves after the first outbound arrives: chosen, the bar gives the total.
    const lastReturn = returns.last();
    await lastReturn.check();
    const [outPrice, retPrice, fee] = await Promise.all([
      outbound.first().getAttribute('data-subtotal'),
      lastReturn.getAttribute('data-subtotal'),
      bar.getAttribute('data-transaction-fee'),
    ]);
    const total = page.locator('[data-bar-total]');
    await expect(total).toHaveText(t.money);
    expect(amount((await total.textContent()) ?? '')).toBe(Number(outPrice) + Number(retPrice) + Number(fee));
    // Kept in view at the bottom of the screen while the sailings scroll.
    await outbound.first().scrollIntoViewIfNeeded();
    await expect(bar.getByRole('button')).toBeInViewport();

    // A later outbound rules out more returns, each giving its reason instead of a choice.
    await outbound.last().check();
    await expect(returns.first()).toBeDisabled();
    expect(await disabledReturns.count()).toBeGreaterThan(early);
    await expect(page.getByText(t.returnAfter).first()).toBeVisible();
    await outbound.first().check();
    await expect(disabledReturns).toHaveCount(early);
    await expectNoAxeViolations(page);
  },
);

test(
  `en: the price details give each category's amount per person and its subtotal`,
  { tag: '@layout' },
  async ({ page }) => {
    await page.goto(`${t.prefix}/booking/schedule?from=BTC&to=HFC&date=${daysAhead(16)}&adults=2&children=1`);
    const first = page.locator('#continue li').first();
    await first.getByText(t.details).click();
    // Two adults: the adults' subtotal is twice their amount per person.
    const perPerson = first.locator('tr', { hasText: t.perPerson }).first().locator('td').last();
    const subtotal = first.locator('tr', { hasText: t.subtotal }).first().locator('td').last();
    await expect(subtotal).toBeVisible();
    expect(amount((await subtotal.textContent()) ?? '')).toBe(
      2 * amount((await perPerson.textContent()) ?? ''),
    );
    await expectNoAxeViolations(page);
  },
);

test(
  'without JavaScript the view is a plain GET that keeps the search, and a filter with nothing offers all',
  { tag: '@layout' },
  async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const search = `from=BTC&to=HFC&date=${daysAhead(16)}&adults=1`;
    await page.goto(`/booking/schedule?${search}&sort=duration`);
    await expect(page.getByLabel('Sort by')).toHaveValue('duration');
    await page.getByLabel('Time of day').selectOption('evening');
    await page.getByRole('button', { name: 'Show sailings' }).click();
    await expect(page).toHaveURL(/departs=evening/);
    await expect(page).toHaveURL(/from=BTC/);
    for (const card of await outboundCards(page))
      expect(Number(card.summary.slice(0, 2))).toBeGreaterThanOrEqual(17);

    await page.goto(`/booking/schedule?${search}&line=JSF`); // Johor's operator does not sail to Singapore
    await expect(page.getByText('No sailings match these filters.')).toBeVisible();
    await page.getByRole('link', { name: 'Show all sailings' }).click();
    await expect(page.locator('input[name="out"]').first()).toBeVisible();
    await context.close();
  },
);
