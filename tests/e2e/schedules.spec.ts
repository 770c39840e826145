import { expect, test, type Page } from '@playwright/test';
import { daysAhead, nextWeekday } from './batam-dates.ts';

const t = {
  home: '/',
  listing: '/schedule',
  listingHeading: 'Ferry schedules',
  route: 'Batam Centre to HarbourFront Centre',
  date: 'Departure date',
  adults: 'Adults',
  from: 'From',
  to: 'To',
  search: 'Search ferries',
  chooseOut: 'Choose this departure',
  todayNone: 'No more sailings can be booked today',
  fallback: 'See the timetable of every route.',
  noResults: 'No schedule available in selected time',
} as const;
type Texts = typeof t;

async function expectOutboundResults(page: Page, t: Texts) {
  await expect(page).toHaveURL(/\/booking\/schedule\?/);
  await expect(page.getByRole('heading', { level: 2 }).first()).toContainText('Batam Centre');
  await expect(page.getByRole('radio', { name: new RegExp(t.chooseOut) }).first()).toBeVisible();
}

test(`en: the schedule lists every route and a route page searches its sailings without JavaScript`, async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(t.listing);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.listingHeading);
  await expect(page.getByRole('main').getByRole('link')).toHaveCount(14);
  await page.getByRole('link', { name: t.route, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(t.route);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(13); // a header and the 12 daily departures
  await expect(rows.nth(1)).toContainText('06:00 WIB');
  await expect(rows.nth(1)).toContainText('08:00 SGT');
  await page.getByLabel(t.date, { exact: true }).fill(daysAhead(3));
  await page.getByLabel(t.adults, { exact: true }).fill('2');
  await page.getByRole('button', { name: t.search }).click();
  await expectOutboundResults(page, t);
  await context.close();
});

test(`en: home searches with the hydrated form`, async ({ page }) => {
  await page.goto(t.home);
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(2); // search form + notifications
  await page.getByLabel(t.from, { exact: true }).selectOption('BTC');
  await page.getByLabel(t.to, { exact: true }).selectOption('HFC');
  await page.getByLabel(t.date, { exact: true }).fill(daysAhead(2));
  await page.getByRole('button', { name: t.search }).click();
  await expectOutboundResults(page, t);
});

test(`en: home lists today's departures and a time opens that sailing, chosen`, async ({ page }) => {
  await page.goto(t.home);
  const list = page.getByTestId('today-departures');
  // Late in the evening nothing is bookable any more today; the page then says so.
  await expect(list.or(page.getByText(t.todayNone))).toBeVisible();
  if (!(await list.isVisible())) return;
  const first = list.getByRole('link').first();
  const time = (await first.getAttribute('title'))?.slice(0, 5) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/booking\/schedule\?.*out=/);
  const chosen = page.getByRole('radio', { name: new RegExp(t.chooseOut), checked: true });
  await expect(chosen).toHaveCount(1);
  await expect(chosen).toHaveAccessibleName(new RegExp(time));
  await expect(page.getByTestId('selection')).toBeVisible();
});

test(`en: without JavaScript home keeps a link to the timetables and a working form`, async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(t.home);
  await expect(page.getByRole('link', { name: t.fallback })).toBeVisible();
  await page.getByLabel(t.from, { exact: true }).selectOption('BTC');
  await page.getByLabel(t.to, { exact: true }).selectOption('HFC');
  await page.getByLabel(t.date, { exact: true }).fill(daysAhead(4));
  await page.getByRole('button', { name: t.search }).click();
  await expectOutboundResults(page, t);
  await context.close();
});

test(`en: a day without sailings says so`, async ({ page }) => {
  // Harbour Bay to Puteri Harbour sails Friday to Sunday only.
  await page.goto(`/booking/schedule?trip=one_way&from=HBB&to=PTH&date=${nextWeekday(2)}&adults=1`);
  await expect(page.getByRole('status').filter({ hasText: t.noResults })).toBeVisible();
  await expect(page.getByRole('radio', { name: new RegExp(t.chooseOut) })).toHaveCount(0);
});
