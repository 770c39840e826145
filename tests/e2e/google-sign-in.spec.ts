import { expect, test, type Page } from '@playwright/test';
import { GOOGLE_SCRIPT_URL } from '../../playwright.config.ts';
import { hydrated, password, texts } from './account-steps.ts';
import { linkMailedTo } from './mail.ts';
import { expectNoAxeViolations, expectNoAxeViolationsInThemes } from './axe.ts';

/**
 * Sign in with Google in the browser. The site's server exchanges the code with the local OpenID Connect provider
 * (oidc-provider.ts) and verifies its signed ID token; only Google's own browser library, which this offline machine
 * cannot fetch, is stood in for by the smallest script that does what its popup does: hand the page a code.
 */
function standInLibrary(page: Page, claims: Record<string, unknown>, popup: 'opens' | 'blocked' = 'opens') {
  const code = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const requested: string[] = [];
  const answer =
    popup === 'opens'
      ? `config.callback({ code: ${JSON.stringify(code)} })`
      : `config.error_callback({ type: 'popup_failed_to_open' })`;
  const script = `window.google = { accounts: { oauth2: { initCodeClient: (config) => ({
    requestCode: () => {
      if (config.scope !== 'openid email profile' || config.ux_mode !== 'popup') throw new Error('unexpected');
      setTimeout(() => ${answer}, 50);
    } }) } } };`;
  return {
    requested,
    install: () =>
      page.route(GOOGLE_SCRIPT_URL, (route) => {
        requested.push(route.request().url());
        return route.fulfill({ contentType: 'text/javascript', body: script });
      }),
  };
}

const t = texts.en;
test('en: continue with Google opens an account and logs in', async ({ page }) => {
  const email = `gita.en.${String(Date.now())}@gmail.com`;
  const library = standInLibrary(page, {
    email,
    email_verified: true,
    name: 'Gita Maharani',
    sub: `g-${email}`,
  });
  await library.install();
  const opened = await page.goto(`${t.prefix}/login`);
  expect(opened?.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  await hydrated(page);
  const button = page.getByRole('button', { name: 'Continue with Google' });
  await expect(button).toBeVisible();
  await expectNoAxeViolationsInThemes(page);
  // Google's library is fetched only for someone about to use it.
  expect(library.requested).toEqual([]);
  await button.click();
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/my-booking$`));
  expect(library.requested).toHaveLength(1);
  await page.goto(`${t.prefix}/my-account`);
  await expect(page.locator('[name="fullName"]')).toHaveValue('Gita Maharani');
  await expect(page.getByText(email)).toBeVisible();

  // No password yet: deleting the account asks to set one first, and change password e-mails the link to set it.
  await page.goto(`${t.prefix}/my-account/delete`);
  await expect(page.getByTestId('delete-needs-password')).toBeVisible();
  await expect(page.locator('[name="currentPassword"]')).toHaveCount(0);
  await page.getByRole('link', { name: t.setPassword }).click();
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/my-account/change-password$`));
  await expectNoAxeViolationsInThemes(page);
  await page.getByRole('button', { name: t.sendSetPassword }).click();
  await expect(page.getByTestId('account-notice')).toContainText(email);
  await page.goto(await linkMailedTo(email, '/new-password'));
  await hydrated(page);
  await page.getByLabel(/New password|Kata sandi baru/).fill(password);
  await page.getByLabel(/Type the password again|Ketik ulang kata sandi/).fill(password);
  await page.getByRole('button', { name: t.saveNew }).click();
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/my-account\\?password-reset$`));
  // Now it has one: change password asks for it, as for any account.
  await page.goto(`${t.prefix}/my-account/change-password`);
  await expect(page.locator('[name="currentPassword"]')).toBeVisible();

  // Log out with JavaScript, the API unreachable: the plain form takes over (accounts.spec.ts logs out through it).
  await hydrated(page);
  await page.route('**/api/logout', (route) => route.abort());
  const sessionCleared = page.waitForFunction(() => sessionStorage.getItem('segara:session') === null);
  await page.getByTestId('logout').click();
  await sessionCleared;
  await expect(page).toHaveURL(new RegExp(`:\\d+${t.prefix}/?$`));
  await page.goto(`${t.prefix}/my-account`);
  await expect(page.locator('[name="fullName"]')).toHaveCount(0);
});

test('id: an address Google only witnessed is sent our link, whose page confirms it with one button', async ({
  page,
}) => {
  // Not Gmail and no Workspace domain: Google verified the address once, it does not speak for it.
  const email = `laras.id.${String(Date.now())}@example.com`;
  const library = standInLibrary(page, {
    email,
    email_verified: true,
    name: 'Laras Sari',
    sub: `g-${email}`,
  });
  await library.install();
  await page.goto('/id/login');
  await hydrated(page);
  await page.getByRole('button', { name: 'Lanjutkan dengan Google' }).click();
  await expect(page).toHaveURL(/\/id\/my-booking$/);
  // My account says why bookings made with the address do not show yet, and sends the link again (the first one
  // stops working).
  const first = await linkMailedTo(email, '/id/confirm-address');
  await page.goto('/id/my-account');
  await hydrated(page);
  await expect(page.getByTestId('address-proof')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Kirim ulang tautan' }).click();
  await expect(page.getByTestId('account-notice')).toContainText(email);
  await expect.poll(() => linkMailedTo(email, '/id/confirm-address')).not.toBe(first);
  // Opening the link only shows the button (a mail scanner opens links too).
  await page.goto(await linkMailedTo(email, '/id/confirm-address'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verifikasi email Anda');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Verifikasi email saya' }).click();
  await expect(page).toHaveURL(/\/id\/confirm-address\?done$/);
  await expect(page.getByTestId('account-notice')).toHaveText(
    'Email Anda telah diverifikasi. Pesanan yang dibuat dengan email ini kini muncul di Pesanan saya.',
  );
  await expectNoAxeViolations(page);
  await page.getByTestId('my-booking-link').click();
  await expect(page).toHaveURL(/\/id\/my-booking$/);
  await page.goto('/id/my-account');
  await expect(page.getByTestId('address-proof')).toHaveCount(0);
});

test('id: a Google library that cannot load says so, and the e-mail form still works', async ({ page }) => {
  await page.goto('/id/sign-up');
  await hydrated(page);
  await page.getByRole('button', { name: 'Lanjutkan dengan Google' }).click();
  await expect(page.getByTestId('google-error')).toHaveText(
    'Tombol Masuk dengan Google gagal dimuat. Periksa koneksi internet Anda, atau masuk dengan email.',
  );
  await expectNoAxeViolations(page);
  await expect(page.getByTestId('account-signUp')).toBeVisible();
});

test('en: an address Google has not verified is refused at the button', async ({ page }) => {
  const library = standInLibrary(page, { email: 'unverified@example.com', email_verified: false, name: 'U' });
  await library.install();
  await page.goto('/sign-up');
  await hydrated(page);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByTestId('google-error')).toContainText('Google has not verified the email address');
  await expect(page).toHaveURL(/\/sign-up$/);
});

test('id: a popup the browser blocked says how to let it open', async ({ page }) => {
  const library = standInLibrary(page, {}, 'blocked');
  await library.install();
  await page.goto('/id/login');
  await hydrated(page);
  await page.getByRole('button', { name: 'Lanjutkan dengan Google' }).click();
  await expect(page.getByTestId('google-error')).toHaveText(
    'Jendela Google tidak terbuka. Izinkan pop-up untuk situs ini, lalu coba lagi.',
  );
  await expect(page.getByRole('button', { name: 'Lanjutkan dengan Google' })).toBeEnabled();
});
