import { expect, test } from '@playwright/test';
import { headerLogIn, hydrated, password, signedUp, signUpAndConfirm, texts } from './account-steps.ts';
import { expectNoAxeViolationsInThemes } from './axe.ts';
import { linkMailedTo } from './mail.ts';
import { paidBooking, sailingsOn } from './paid-booking.ts';

for (const locale of ['en', 'id'] as const) {
  const t = texts[locale];

  test(`${locale}: sign up, confirm by e-mail, edit the profile, see My booking, log out and in, session end`, async ({
    page,
    request,
  }) => {
    test.slow();
    const email = `dewi.${locale}.${String(Date.now())}@example.com`;
    await signUpAndConfirm(page, t, email);
    await expectNoAxeViolationsInThemes(page);
    await expect(page.getByRole('banner').locator('a[href$="/my-booking"]').first()).toHaveText(t.myAccount);

    // The profile: a "+65" number switches the country; saved through the API, kept after a reload.
    const profile = page.getByTestId('account-profile');
    await profile.getByRole('textbox', { name: /phone number|nomor telepon/i }).fill('+65 8123 4567');
    await expect(profile.getByRole('combobox', { name: /^(country|negara)$/i }).first()).toHaveValue('SG');
    await profile.getByLabel(t.female).check();
    await profile.getByLabel(/Date of Birth|Tanggal lahir/).fill('1991-03-04');
    await profile.getByRole('combobox', { name: /Nationality|Kewarganegaraan/ }).selectOption('ID');
    await profile.getByRole('button', { name: t.save, exact: true }).click();
    await expect(page.getByRole('status').getByText(t.saved)).toBeVisible();
    await page.reload();
    await hydrated(page);
    await expect(profile.getByLabel(t.female)).toBeChecked();
    await expect(profile.getByLabel(/Date of Birth|Tanggal lahir/)).toHaveValue('1991-03-04');

    // My booking: empty, then a guest booking made with this (confirmed) address shows under Active.
    await page.goto(`${t.prefix}/my-booking`);
    await expect(page.getByTestId('my-booking-empty')).toHaveText(t.noTicket);
    const [sailing] = await sailingsOn(request, [1, 2]);
    if (!sailing) throw new Error('no sailing with seats');
    const code = await paidBooking(request, page, sailing, 'Dewi Lestari', email);
    await page.goto(`${t.prefix}/my-booking`);
    await expect(page.getByTestId('my-booking')).toContainText(code);
    await expectNoAxeViolationsInThemes(page);
    await page.getByTestId('tab-history').click();
    await expect(page.getByTestId('my-booking-empty')).toHaveText(t.noHistory);
    await page.goto(`${t.prefix}/my-booking`);
    await page.getByTestId('my-booking').getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/booking/[\\w-]{24}$`));
    await expect(page.getByTestId('back-to-my-booking')).toBeVisible();
    await expect(page.getByTestId('order-status')).toBeVisible();
    await expectNoAxeViolationsInThemes(page);

    // Log out: home, "Log in" again, and a protected page sends the visitor to the root path.
    await page.goto(`${t.prefix}/my-account`);
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix || '/'}$`));
    await expect(page.getByRole('banner').locator('a[href$="/login"]').first()).toHaveText(t.logIn);
    await page.goto(`${t.prefix}/my-booking`);
    await expect(page).toHaveURL(new RegExp(`${t.prefix || '/'}$`));
    // The start page says why, and its "Log in" comes back to the page asked for.
    await expect(page.getByTestId('login-needed')).toBeVisible();
    await expect(page.getByTestId('login-needed')).toHaveAttribute(
      'href',
      `${t.prefix}/login?next=${encodeURIComponent(`${t.prefix}/my-booking`)}`,
    );

    // Log in again: the island posts to the session endpoint and goes on to My booking.
    await page.goto(`${t.prefix}/login`);
    await hydrated(page);
    await expectNoAxeViolationsInThemes(page);
    const login = page.getByTestId('account-login');
    await login.getByLabel('Email').fill(email);
    await login.getByLabel(/^(Password|Kata sandi)$/).fill(password);
    await login.getByRole('button', { name: t.logIn }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/my-booking$`));

    // The session ends on the server's side (cookies gone): the next call answers 401, the site goes home
    // and says so for 4 seconds.
    await page.goto(`${t.prefix}/my-account`);
    await hydrated(page);
    await page.context().clearCookies({ name: 'segara_session' });
    await page.context().clearCookies({ name: 'segara_refresh' });
    const fullName = page.getByTestId('account-profile').getByLabel(/^(Full Name|Nama lengkap)$/i);
    await fullName.fill('Dewi Lestari Putri'); // typed, not saved: the session is already over
    await page.getByTestId('account-profile').getByRole('button', { name: t.save, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix || '/'}$`));
    await expect(page.getByRole('status').getByText(t.expired)).toBeVisible();
    // What was typed waits on this device: "Log in" comes back to the form, and the form has it again.
    const account = `${t.prefix}/my-account`;
    await expect(page.getByTestId('resume-login')).toHaveAttribute(
      'href',
      `${t.prefix}/login?next=${encodeURIComponent(account)}`,
    );
    if (locale === 'id') {
      await page.getByTestId('resume-login').click();
      await page.getByTestId('account-login').getByLabel('Email').fill(email);
      await page.getByTestId('account-login').getByLabel('Kata sandi').fill(password);
      await page.getByTestId('account-login').getByRole('button', { name: t.logIn }).click();
    } else {
      // Logged in by the header's dialog, which stays on the start page: "Continue where you were" leads on.
      await (await headerLogIn(page, t)).click();
      const login = page.getByRole('dialog', { name: t.logIn }).getByTestId('account-login');
      await login.getByLabel('Email').fill(email);
      await login.getByLabel('Password').fill(password);
      await login.getByRole('button', { name: t.logIn }).click();
      await expect(page.getByTestId('resume-continue')).toHaveAttribute('href', account);
      await expectNoAxeViolationsInThemes(page);
      await page.getByTestId('resume-continue').click();
    }
    await expect(page).toHaveURL(new RegExp(`${account}$`));
    await hydrated(page);
    await expect(fullName).toHaveValue('Dewi Lestari Putri');
    // Taken: the start page no longer offers it.
    await page.goto(t.prefix || '/'); // waits for the load, so the start page's script has run
    await expect(page.getByTestId('resume-continue')).toBeHidden();
  });
}

// The account area's Indonesian journey is the one above; the rest runs in English.
test(`en: forgot password, set a new one from the e-mailed link, and log in without JavaScript`, async ({
  page,
  browser,
}) => {
  const t = texts.en;
  test.slow();
  const email = `ayu.en.${String(Date.now())}@example.com`;
  await signedUp(page, t, email);
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(new RegExp(`:\\d+${t.prefix}/?$`));

  await page.goto(`${t.prefix}/login`);
  await page.getByRole('link', { name: t.forgotLink }).click();
  await hydrated(page);
  await expectNoAxeViolationsInThemes(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: t.sendLink }).click();
  await expect(page.getByTestId('account-sent')).toContainText(t.resetSent);
  const link = await linkMailedTo(email, '/new-password');
  await page.goto(link);
  await hydrated(page);
  await expectNoAxeViolationsInThemes(page);
  const newPassword = 'Pelabuhan#Batam7';
  await page.getByLabel(/New password|Kata sandi baru/).fill(newPassword);
  await page.getByLabel(/Type the password again|Ketik ulang kata sandi/).fill(newPassword);
  await page.getByRole('button', { name: t.saveNew }).click();
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/my-account\\?password-reset$`));
  // Used once: the same link now says so.
  await page.goto(link);
  await expect(page.getByTestId('link-unusable')).toBeVisible();

  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto(`${t.prefix}/my-account`);
  await expect(noScript).toHaveURL(new RegExp(`${t.prefix}/\\?login=`));
  await noScript.goto(`${t.prefix}/login`);
  await noScript.getByLabel('Email').fill(email);
  await noScript.getByLabel(/^(Password|Kata sandi)$/).fill(password);
  await noScript.getByRole('button', { name: t.logIn }).click();
  await expect(noScript.getByText(t.loginFailed)).toBeVisible();
  await noScript.getByLabel(/^(Password|Kata sandi)$/).fill(newPassword);
  await noScript.getByRole('button', { name: t.logIn }).click();
  await expect(noScript).toHaveURL(new RegExp(`${t.prefix}/my-booking$`));
  await expect(noScript.getByTestId('my-booking-empty')).toHaveText(t.noTicket);
  await plain.close();
});

// The journeys above check the login, sign-up, forgotten-password and e-mailed link pages with axe (the dark theme in
// English); what is left is a link that no longer works.
test('a used or unknown link passes axe (the dark theme in English)', async ({ page }) => {
  for (const path of [
    '/new-password?token=x',
    '/id/new-password?token=x',
    '/verify-email?token=x',
    '/confirm-address?token=x',
    '/id/confirm-address?token=x',
  ]) {
    await page.goto(path);
    await expectNoAxeViolationsInThemes(page);
  }
});
