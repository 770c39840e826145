import { expect, test, type Page } from '@playwright/test';
import { headerLogIn, password, signedUp, texts, type Texts } from './account-steps.ts';
import { expectNoAxeViolationsInThemes } from './axe.ts';

/** Where the focus goes back when the dialog closes: the phone menu's button, or the desktop bar's link. */
const opener = (page: Page, t: Texts, isMobile: boolean) =>
  isMobile
    ? page.getByRole('banner').getByLabel('Menu')
    : page.getByRole('banner').getByRole('link', { name: t.logIn, exact: true }).locator('visible=true');

const t = texts.en;
const home = '/';

test(
  `en: the header's "Log in" opens a dialog on an island page: refused, sign-up and back, logged in in place`,
  { tag: '@layout' },
  async ({ page }) => {
    test.slow();
    const email = `dialog.en.${String(Date.now())}@example.com`;
    await signedUp(page, t, email);
    await page.context().clearCookies();

    await page.goto(`${t.prefix}/booking/check-order`);
    await (await headerLogIn(page, t)).click();
    const dialog = page.getByRole('dialog', { name: t.logIn });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/booking/check-order$`)); // the page stays
    const login = dialog.getByTestId('account-login');
    // The form's first field takes the focus once it is there.
    await expect(login.getByLabel('Email')).toBeFocused();
    await expectNoAxeViolationsInThemes(page);

    // Google's button needs its own page (script and opener policies): the dialog leads there, coming back here.
    await expect(dialog.getByTestId('dialog-google')).toHaveAttribute(
      'href',
      `${t.prefix}/login?next=${encodeURIComponent(`${t.prefix}/booking/check-order`)}`,
    );

    // On to sign-up and back, in the same dialog; its title follows.
    await dialog.getByTestId('sign-up-link').click();
    const signUp = page.getByRole('dialog', { name: t.signUp });
    await expect(signUp.getByTestId('account-signUp')).toBeVisible();
    await expect(signUp.getByRole('combobox', { name: /^(country|negara)$/i }).first()).toHaveValue('ID');
    await expectNoAxeViolationsInThemes(page);
    await signUp.getByTestId('login-link').click();
    await expect(dialog.getByTestId('account-login')).toBeVisible();

    // A wrong password is refused at its field, in the dialog; the right one logs in and the page reloads with it.
    await login.getByLabel('Email').fill(email);
    await login.getByLabel(/^(Password|Kata sandi)$/).fill('Not-the-password-1');
    await login.getByRole('button', { name: t.logIn }).click();
    await expect(login.getByText(t.loginFailed).first()).toBeVisible();
    await login.getByLabel(/^(Password|Kata sandi)$/).fill(password);
    await login.getByRole('button', { name: t.logIn }).click();
    await expect(page.getByRole('banner').locator('a[href$="/my-booking"]').first()).toHaveText(t.myAccount);
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/booking/check-order$`));
    await expect(dialog).toBeHidden();

    // A pre-rendered page cannot know the session: its "Log in" turns into "My account" in this browser.
    await page.goto(home);
    await expect(page.getByRole('banner').locator('a[href$="/my-booking"]').first()).toHaveText(t.myAccount);
    await expect(page.getByRole('banner').locator('a[href$="/login"]')).toHaveCount(0);
  },
);

test(
  `en: the dialog closes on Escape, its button and the backdrop, focus back where it was, typing kept`,
  { tag: '@layout' },
  async ({ page, isMobile }) => {
    await page.goto(home);
    await (await headerLogIn(page, t)).click();
    const dialog = page.getByRole('dialog', { name: t.logIn });
    const login = dialog.getByTestId('account-login');
    await expect(login).toBeVisible();
    await login.getByLabel('Email').fill('someone@example.com');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`:\\d+${t.prefix}/?$`));
    await expect(opener(page, t, isMobile)).toBeFocused();

    // Opened again: what was typed is still there, and the page never asked twice.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/session/forms/')) asked.push(request.url());
    });
    await (await headerLogIn(page, t)).click();
    await expect(login.getByLabel('Email')).toHaveValue('someone@example.com');
    await expect(login.getByLabel('Email')).toBeFocused();
    expect(asked).toEqual([]);
    // A click on the backdrop closes it; a double click on "Log in" does not close what it opened.
    await page.mouse.click(2, 300);
    await expect(dialog).toBeHidden();
    await (await headerLogIn(page, t)).dblclick();
    await expect(login).toBeVisible();

    // From the sign-up link inside the login dialog and back: each form keeps what was typed in it.
    await dialog.getByTestId('sign-up-link').click();
    const signUp = page.getByRole('dialog', { name: t.signUp });
    const fullName = signUp.getByLabel(/^(Full Name|Nama Lengkap)$/i);
    await fullName.fill('Dewi Lestari');
    await signUp.getByTestId('login-link').click();
    await expect(login.getByLabel('Email')).toHaveValue('someone@example.com');
    await dialog.getByTestId('sign-up-link').click();
    await expect(fullName).toHaveValue('Dewi Lestari');
    // Closed by its button.
    await signUp.getByRole('button', { name: 'Close' }).click();
    await expect(signUp).toBeHidden();
    await expect(opener(page, t, isMobile)).toBeFocused();
  },
);

test('a failure the form has no field for shows in the dialog (the notifications lie under it)', async ({
  page,
}) => {
  await page.route('**/api/session', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 429, json: { message: 'Too many attempts: try again in 15 minutes' } })
      : route.continue(),
  );
  await page.goto('/booking/check-order');
  await (await headerLogIn(page, texts.en)).click();
  const login = page.getByRole('dialog').getByTestId('account-login');
  await login.getByLabel('Email').fill('someone@example.com');
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login.getByRole('alert')).toHaveText('Too many attempts: try again in 15 minutes');
  // Opened again later: a fresh form, without the old refusal, the address still typed.
  await page.keyboard.press('Escape');
  await (await headerLogIn(page, texts.en)).click();
  await expect(login.getByLabel('Email')).toHaveValue('someone@example.com');
  await expect(login.getByRole('alert')).toHaveCount(0);
});

test('logged in meanwhile (another tab): the dialog opens the account instead of the form again', async ({
  page,
}) => {
  test.slow();
  const email = `tab.${String(Date.now())}@example.com`;
  await signedUp(page, texts.en, email);
  await page.context().clearCookies();
  await page.goto('/booking/check-order');
  await (await headerLogIn(page, texts.en)).click();
  await expect(page.getByRole('dialog').getByTestId('account-login')).toBeVisible();
  await page.keyboard.press('Escape');
  // Another tab logs in: the same browser's cookies.
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'segara_csrf')?.value ?? '';
  const other = await page.context().newPage();
  const answer = await other.request.post('/api/session', {
    headers: { 'X-CSRF-Token': csrf, Origin: new URL(page.url()).origin },
    data: { email, password },
  });
  expect(answer.status()).toBe(200);
  await (await headerLogIn(page, texts.en)).click();
  await expect(page).toHaveURL(/\/my-booking$/);
});

test('the form cannot be fetched (offline): "Log in" opens the login page', async ({ page }) => {
  await page.goto('/id/booking/check-order');
  await page.route('**/api/session/forms/**', (route) => route.abort());
  await (await headerLogIn(page, texts.id)).click();
  await expect(page).toHaveURL(/\/id\/login$/);
  await expect(page.getByTestId('account-login')).toBeVisible();
});

test('the account pages keep their own forms: no dialog there, "Log in" opens the login page', async ({
  page,
}) => {
  await page.goto('/forgot-password');
  await expect(page.getByTestId('account-dialog')).toHaveCount(0);
  await (await headerLogIn(page, texts.en, false)).click();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header\'s "Log in" is a link to the login page', async ({ page }) => {
    await page.goto('/id');
    await (await headerLogIn(page, texts.id, false)).click();
    await expect(page).toHaveURL(/\/id\/login$/);
    await expect(page.getByTestId('account-login')).toBeVisible();
  });
});
