import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { walletImages } from '../../src/app-icons.ts';
import { expectNoAxeViolations } from './axe.ts';
import { paidBooking, sailingsOn } from './paid-booking.ts';

const t = {
  prefix: '',
  find: 'Find my booking',
  checkIn: 'Check in',
  done: 'Check-in complete',
  checkedIn: 'Checked in',
} as const;

/** A paid booking for one adult on a sailing whose online check-in is open now (it leaves 2 to 22 hours from now). */
async function paidWithinWindow(request: APIRequestContext, page: Page, name: string): Promise<string> {
  const inWindow = (await sailingsOn(request, [0, 1])).find((sailing) => {
    const hours = (Date.parse(sailing.departure.at) - Date.now()) / 3_600_000;
    return hours > 2 && hours < 22;
  });
  if (!inWindow) throw new Error('no sailing leaves within the check-in window');
  return paidBooking(request, page, inWindow, name);
}

test(`en: a guest finds the booking, checks in online and downloads the boarding pass`, async ({
  page,
  request,
}) => {
  const code = await paidWithinWindow(request, page, 'Rina Wijaya');
  await page.goto(`${t.prefix}/booking/check-in-online`);
  await expectNoAxeViolations(page);
  await page.locator('[name="code"]').fill(code);
  await page.locator('[name="email"]').fill('rina.wijaya@example.co.id');
  await page.getByRole('button', { name: t.find }).click();
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/booking/[\\w-]{24}/check-in$`));
  await expect(page.getByRole('checkbox', { name: 'Rina Wijaya' })).toBeChecked();
  await expectNoAxeViolations(page);

  await expect(page.getByLabel('Nationality')).toHaveValue('ID');
  await page.getByLabel('Sex (as in the passport)').selectOption('F');
  await page.getByRole('button', { name: t.checkIn, exact: true }).click();
  await expect(page.getByTestId('check-in-done')).toContainText(t.done);
  await expect(page.getByTestId('check-in-leg-1')).toContainText(t.checkedIn);
  const pass = page.getByTestId('boarding-pass-link');
  const pdf = await request.get((await pass.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expectNoAxeViolations(page);
});

test('without JavaScript, check-in works from the order page, and a second check-in changes nothing', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const code = await paidWithinWindow(request, page, 'Tono Wijaya');
  await page.goto('/booking/check-order');
  await page.locator('[name="code"]').fill(code);
  await page.locator('[name="email"]').fill('rina.wijaya@example.co.id');
  await page.getByTestId('check-order-submit').click();
  const orderUrl = page.url();
  await page.getByTestId('ticket-check-in').first().click();
  await page.getByLabel('Sex (as in the passport)').selectOption('M');
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.getByTestId('boarding-pass-link')).toHaveCount(1);
  const first = await page.getByTestId('boarding-pass-link').getAttribute('href');
  // Nothing left to check in: the form is gone and the pass stays the same.
  await expect(page.getByRole('button', { name: 'Check in', exact: true })).toHaveCount(0);
  const pdf = await request.get(first ?? '');
  const again = await request.get(first ?? '');
  expect(Buffer.compare(await pdf.body(), await again.body())).toBe(0);
  // The order page shows the ticket's new state and its boarding pass.
  await page.goto(orderUrl);
  await expect(page.getByTestId('ticket-line')).toContainText('Checked in');
  await expect(page.getByTestId('ticket-boarding-pass')).toHaveAttribute('href', first ?? '');
  // Beside it, the wallets this server is configured for (test keys): Google's save link and Apple's signed pass.
  const walletLink = async (wallet: string) =>
    (await page.getByTestId(`ticket-${wallet}-wallet`).getAttribute('href')) ?? '';
  const google = await request.get(await walletLink('google'), { maxRedirects: 0 });
  expect(google.status()).toBe(303);
  expect(google.headers().location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/ey/);
  const apple = await request.get(await walletLink('apple'));
  expect(apple.headers()['content-type']).toBe('application/vnd.apple.pkpass');
  const files = unzipSync(new Uint8Array(await apple.body()));
  const pictures = walletImages.map((image) => image.file);
  expect(Object.keys(files).sort()).toEqual([...pictures, 'manifest.json', 'pass.json', 'signature'].sort());
  await context.close();
});
