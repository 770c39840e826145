import { expect, test, type Page } from '@playwright/test';
import { password, signUpAndConfirm, texts, type Texts } from './account-steps.ts';
import { expectNoAxeViolationsInBothThemes } from './axe.ts';

/** The header's "Log in" on a phone: in the menu. */
async function headerLogIn(page: Page, t: Texts) {
  await page.getByRole('banner').getByLabel('Menu').click();
  return page.getByRole('banner').getByRole('link', { name: t.logIn, exact: true });
}

for (const locale of ['en', 'id'] as const) {
  const t = texts[locale];
  const home = t.prefix || '/';

  test(`${locale}: the header's "Log in" opens a dialog on an island page: refused, sign-up and back, logged in in place`, async ({
    page,
  }) => {
    test.slow();
    const email = `dialog.${locale}.${String(Date.now())}@example.com`;
    await signUpAndConfirm(page, t, email);
    await page.context().clearCookies();

    await page.goto(`${t.prefix}/booking/check-order`);
    await (await headerLogIn(page, t)).click();
    const dialog = page.getByRole('dialog', { name: t.logIn });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/booking/check-order$`)); // the page stays
    const login = dialog.getByTestId('account-login');
    // The form's first field takes the focus once it is there.
    await expect(login.getByLabel('Email')).toBeFocused();
    await expectNoAxeViolationsInBothThemes(page);

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
    await expectNoAxeViolationsInBothThemes(page);
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
  });

  test(`${locale}: the dialog closes on Escape and on its button, focus back on the menu's link`, async ({
    page,
  }) => {
    await page.goto(home);
    const link = await headerLogIn(page, t);
    await link.click();
    const dialog = page.getByRole('dialog', { name: t.logIn });
    await expect(dialog.getByTestId('account-login')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${home}$`));
    await expect(page.getByRole('banner').getByLabel('Menu')).toBeFocused();

    // From the sign-up link inside the login dialog, then closed by its button.
    await (await headerLogIn(page, t)).click();
    await dialog.getByTestId('sign-up-link').click();
    const signUp = page.getByRole('dialog', { name: t.signUp });
    await expect(signUp.getByTestId('account-signUp')).toBeVisible();
    await signUp.getByRole('button', { name: locale === 'en' ? 'Close' : 'Tutup' }).click();
    await expect(signUp).toBeHidden();
    await expect(page.getByRole('banner').getByLabel('Menu')).toBeFocused();
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header\'s "Log in" is a link to the login page', async ({ page }) => {
    await page.goto('/id');
    await page.getByRole('banner').getByLabel('Menu').click();
    await page.getByRole('banner').getByRole('link', { name: 'Masuk', exact: true }).click();
    await expect(page).toHaveURL(/\/id\/login$/);
    await expect(page.getByTestId('account-login')).toBeVisible();
  });
});
