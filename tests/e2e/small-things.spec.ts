import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { daysAhead } from './batam-dates.ts';
import { fillContact, fillPassengers } from './booking-steps.ts';

// Issue "The traveller's flow", item 8: whole terminal names and a swap button, a menu that closes, a banner that
// goes once fixed, a remembered light/dark switch, WhatsApp links that name the booking. Runs on phone and desktop.

const t = {
  prefix: '',
  from: 'From',
  to: 'To',
  date: 'Departure date',
  swap: 'Swap departure and arrival terminals',
  search: 'Search ferries',
  theme: 'Theme',
  fix: 'Please correct the highlighted fields',
  saved: 'Details saved',
  whatsapp: (code: string) => `Hello Segara Ferry, I have a question about my booking code ${code}.`,
} as const;

/** The office's WhatsApp number as the footer shows it (src/content/contacts.json). */
const OFFICE_WHATSAPP = '+62 811 7700 2005';

/** True when the select's chosen option is drawn whole: its text fits beside the padding and the arrow. */
function showsWholeName(select: Locator): Promise<boolean> {
  return select.evaluate((element: HTMLSelectElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return false;
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = element.selectedOptions[0]?.text ?? '';
    const arrow = 24;
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
    return text !== '' && context.measureText(text).width <= room;
  });
}

/** Records, on every page load, the theme <html> carries when <body> first exists (before anything is drawn). */
async function recordThemeBeforeBody(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if ((document.body as HTMLElement | null) === null) return; // typed as always there; not yet, here
      document.documentElement.setAttribute(
        'data-theme-at-body',
        document.documentElement.dataset.theme ?? 'none',
      );
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The phone menu: a disclosure in the header below 960 px. */
const menuOf = (page: Page) => page.locator('details[data-menu]');

/** The theme select a person can reach: in the header bar on a desktop, in the menu on a phone. */
async function themeSelect(page: Page, isMobile: boolean, name: string): Promise<Locator> {
  if (isMobile && !(await menuOf(page).evaluate((menu: HTMLDetailsElement) => menu.open)))
    await menuOf(page).locator('summary').click();
  const select = page.getByRole('combobox', { name, exact: true });
  await expect(select).toBeVisible();
  return select;
}

const themeState = (page: Page) =>
  page.evaluate(() => ({
    attribute: document.documentElement.dataset.theme ?? null,
    atBody: document.documentElement.getAttribute('data-theme-at-body'),
    scheme: getComputedStyle(document.documentElement).colorScheme,
    stored: localStorage.getItem('segara:theme'),
    barColours: [...document.querySelectorAll<HTMLMetaElement>('meta[name=theme-color]')].map(
      (m) => m.content,
    ),
  }));

test(`en: From and To show whole terminal names and swap, keeping the route valid`, async ({ page }) => {
  await page.goto(`${t.prefix}/`);
  const swap = page.getByRole('button', { name: t.swap, exact: true });
  await expect(swap).toBeVisible(); // shown once the form is hydrated
  const from = page.getByLabel(t.from, { exact: true });
  const to = page.getByLabel(t.to, { exact: true });

  // The longest terminal name, whole, in both fields.
  await from.selectOption('TMF');
  await to.selectOption('BTC');
  expect(await showsWholeName(from)).toBe(true);
  expect(await showsWholeName(to)).toBe(true);

  await swap.click();
  await expect(from).toHaveValue('BTC');
  await expect(to).toHaveValue('TMF');
  expect(await showsWholeName(to)).toBe(true);

  // Only a destination left: it becomes the origin and To waits for a choice among its destinations.
  await from.selectOption('');
  await to.selectOption('HFC');
  await swap.click();
  await expect(from).toHaveValue('HFC');
  await expect(to).toHaveValue('');
  await expect(to.locator('option[value="BTC"]')).toHaveCount(1);
  await expect(to.locator('option[value="HFC"]')).toHaveCount(0);

  // The swapped route is what the search asks for.
  await to.selectOption('BTC');
  await swap.click();
  await page.getByLabel(t.date, { exact: true }).fill(daysAhead(3));
  await page.waitForLoadState('networkidle'); // home's server island has arrived
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: t.search }).click();
  await expect(page).toHaveURL(/[?&]from=BTC&to=HFC&/);
});

test(
  `en: without JavaScript the search works and offers no switch that could not work`,
  { tag: '@layout' },
  async ({ browser, isMobile }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      ...(isMobile ? { viewport: { width: 360, height: 780 }, isMobile, hasTouch: true } : {}),
    });
    const page = await context.newPage();
    await page.goto(`${t.prefix}/`);
    await expect(page.getByRole('button', { name: t.swap })).toHaveCount(0);
    if (isMobile) await menuOf(page).locator('summary').click(); // a <details> opens without JavaScript
    await expect(page.getByRole('combobox', { name: t.theme, exact: true })).toHaveCount(0);
    if (isMobile) await menuOf(page).locator('summary').click();
    const from = page.getByLabel(t.from, { exact: true });
    await from.selectOption('TMF');
    await page.getByLabel(t.to, { exact: true }).selectOption('BTC');
    expect(await showsWholeName(from)).toBe(true);
    await page.getByLabel(t.date, { exact: true }).fill(daysAhead(3));
    await page.getByRole('button', { name: t.search }).click();
    await expect(page).toHaveURL(/[?&]from=TMF&to=BTC&/);
    await context.close();
  },
);

test(
  `en: the theme follows the device until chosen, then the choice is remembered`,
  { tag: '@layout' },
  async ({ page, isMobile }) => {
    await recordThemeBeforeBody(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${t.prefix}/contact`);
    let select = await themeSelect(page, isMobile, t.theme);
    await expect(select).toHaveValue('');
    expect(await themeState(page)).toMatchObject({ attribute: null, scheme: 'dark', stored: null });

    // Light on a dark device: applied at once, kept, and in place before the next page is drawn.
    await select.selectOption('light');
    expect(await themeState(page)).toMatchObject({
      attribute: 'segara',
      scheme: 'light',
      stored: 'light',
      barColours: ['#1e5bb8', '#1e5bb8'],
    });
    await page.goto(`${t.prefix}/about-us`);
    expect(await themeState(page)).toMatchObject({ atBody: 'segara', scheme: 'light' });
    await expectNoAxeViolations(page);
    select = await themeSelect(page, isMobile, t.theme);
    await expect(select).toHaveValue('light');

    // Dark on a light device.
    await page.emulateMedia({ colorScheme: 'light' });
    await select.selectOption('dark');
    await page.reload();
    expect(await themeState(page)).toMatchObject({
      attribute: 'segara-dark',
      atBody: 'segara-dark',
      scheme: 'dark',
      stored: 'dark',
      barColours: ['#14201f', '#14201f'],
    });
    await expectNoAxeViolations(page);

    // Back to the device: nothing stored, the device decides again.
    select = await themeSelect(page, isMobile, t.theme);
    await select.selectOption('');
    expect(await themeState(page)).toMatchObject({
      attribute: null,
      scheme: 'light',
      stored: null,
      barColours: ['#1e5bb8', '#14201f'],
    });
  },
);

test(`en: the booking pages' WhatsApp link names the booking, and a fixed step drops its warning`, async ({
  page,
}) => {
  test.slow();
  // Axe on the booking pages in a chosen theme, dark on a light device (booking.spec.ts checks the light theme).
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript(() => {
    localStorage.setItem('segara:theme', 'dark');
  });
  // The warning's own 2 s timer is held still: only fixing the fields may take it away.
  await page.clock.install();

  await page.goto(`${t.prefix}/contact`);
  const footerWhatsapp = page.getByRole('contentinfo').getByRole('link', { name: OFFICE_WHATSAPP });
  expect(await footerWhatsapp.getAttribute('href')).toBe('https://wa.me/6281177002005');

  await page.goto(`${t.prefix}/booking/schedule?from=BTC&to=HFC&date=${daysAhead(8)}&adults=1`);
  await page.locator('input[name="out"]').first().check();
  await page.locator('#continue').getByRole('button').click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{24}$/);
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(3);
  const code = (await page.getByTestId('booking-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
  const whatsappText = async () =>
    new URL((await footerWhatsapp.getAttribute('href')) ?? '').searchParams.get('text');
  expect(await whatsappText()).toBe(t.whatsapp(code));

  await page.clock.pauseAt(new Date(Date.now() + 1000));
  const warning = page.getByTestId('notification').filter({ hasText: t.fix });
  await page.getByTestId('flow-next').click();
  await expect(warning).toBeVisible();
  await fillContact(page);
  await expect(warning).toHaveCount(0); // gone once the last highlighted field is fixed
  await page.getByTestId('flow-next').click();

  await page.getByTestId('flow-next').click(); // the passengers step, empty
  await expect(warning).toBeVisible();
  await page.getByTestId('flow-next').click(); // pressed again: said once, not queued
  await fillPassengers(page, ['Dewi Lestari']);
  await page.getByTestId('flow-next').click();
  await expect(page.getByTestId('notification')).toHaveText(t.saved); // not waiting behind the warning
  await expect(page.getByTestId('booking-summary')).toContainText('Dewi Lestari');
  await page.clock.resume();
  await expectNoAxeViolations(page);

  await page.getByTestId('flow-next').click();
  await expect(page).toHaveURL(/\/payment$/);
  expect(await whatsappText()).toBe(t.whatsapp(code));
  await expectNoAxeViolations(page);

  await page.goto(`${t.prefix}/booking/check-order`);
  await page.locator('#code').fill(code);
  await page.locator('#email').fill('dewi.lestari@example.co.id');
  await page.getByTestId('check-order-submit').click();
  // Found while still held: the booking's own address, where it resumes.
  await expect(page).toHaveURL(/\/booking\/[\w-]{24}$/);
  expect(await whatsappText()).toBe(t.whatsapp(code));
  await expectNoAxeViolations(page);
});

test.describe('on a phone, whatever the project', () => {
  // The menu button exists below 960 px only: this test brings its own phone, so it runs (not skips) on desktop too.
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test('the phone menu closes on Escape, focus back on its button, and on a tap outside', async ({
    page,
  }) => {
    for (const url of ['/about-us', '/id/about-us']) {
      await page.goto(url);
      const menu = menuOf(page);
      const button = menu.locator('summary');
      const firstLink = menu.getByRole('link').first();

      await button.click();
      await expect(firstLink).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(firstLink).toBeHidden();
      await expect(button).toBeFocused();

      await button.click();
      await expect(firstLink).toBeVisible();
      await menu.locator('label').click(); // inside the menu: it stays open
      await expect(firstLink).toBeVisible();
      // A tap on the page beside the menu panel (which hangs from the right edge).
      const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
      if (!heading) throw new Error('no heading');
      await page.touchscreen.tap(heading.x + 4, heading.y + heading.height / 2);
      await expect(firstLink).toBeHidden();
    }
  });
});
