import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { linkMailedTo } from './mail.ts';
import { paidBooking, sailingsOn } from './paid-booking.ts';

const password = 'Kapal-Feri-2026!';

const texts = {
  en: {
    prefix: '',
    logIn: 'Log in',
    myAccount: 'My account',
    signUp: 'Sign up',
    sent: 'Check your email',
    confirm: 'Confirm my email',
    welcome: 'Welcome, Dewi Lestari!',
    save: 'Save',
    saved: 'Your profile is saved',
    female: 'Female',
    noTicket: 'No ticket found',
    noHistory: 'No history ticket found',
    history: 'History',
    logOut: 'Log out',
    expired: 'Login session has ended, please login again',
    forgotLink: 'Forgot password?',
    sendLink: 'Send me a link',
    resetSent: 'If an account uses this email',
    saveNew: 'Save the new password',
    required: 'Full Name is required',
    noPassenger: 'No passenger found',
    addPassenger: 'Add passenger',
    savePassenger: 'Save passenger',
    passengerSaved: 'The passenger is saved',
    validity: 'at least 6 months',
    loginFailed: 'The email or password is not correct.',
  },
  id: {
    prefix: '/id',
    logIn: 'Masuk',
    myAccount: 'Akun saya',
    signUp: 'Daftar',
    sent: 'Periksa email Anda',
    confirm: 'Konfirmasi email saya',
    welcome: 'Selamat datang, Dewi Lestari!',
    save: 'Simpan',
    saved: 'Profil Anda telah disimpan',
    female: 'Perempuan',
    noTicket: 'Tidak ada tiket',
    noHistory: 'Tidak ada riwayat tiket',
    history: 'Riwayat',
    logOut: 'Keluar',
    expired: 'Sesi Anda telah berakhir, silakan masuk kembali',
    forgotLink: 'Lupa kata sandi?',
    sendLink: 'Kirimi saya tautan',
    resetSent: 'Jika ada akun yang memakai email ini',
    saveNew: 'Simpan kata sandi baru',
    required: 'Nama lengkap wajib diisi',
    noPassenger: 'Tidak ada penumpang',
    addPassenger: 'Tambah penumpang',
    savePassenger: 'Simpan penumpang',
    passengerSaved: 'Penumpang telah disimpan',
    validity: '6 bulan',
    loginFailed: 'Email atau kata sandi tidak benar.',
  },
} as const;

type Texts = (typeof texts)[keyof typeof texts];

/** The account islands have hydrated (Astro drops `ssr` from an island once it has). */
const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);

async function signUpAndConfirm(page: Page, t: Texts, email: string): Promise<void> {
  await page.goto(`${t.prefix}/sign-up`);
  await hydrated(page);
  await expectNoAxeViolations(page);
  const form = page.getByTestId('account-signUp');
  // Checked in the browser first, with the shared schema: nothing is sent.
  await form.getByRole('button', { name: t.signUp }).click();
  await expect(form.getByText(t.required)).toBeVisible();
  await form.getByLabel(/^(Full Name|Nama Lengkap)$/i).fill('Dewi Lestari');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('textbox', { name: /phone number|nomor telepon/i }).fill('0812 3456 7890');
  await form
    .getByLabel(/^(Password|Kata sandi)/)
    .first()
    .fill(password);
  await form.getByLabel(/Type the password again|Ketik ulang kata sandi/).fill(password);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: t.signUp }).click();
  await expect(page.getByTestId('account-sent')).toContainText(t.sent);
  await expectNoAxeViolations(page);

  await page.goto(await linkMailedTo(email, '/verify-email'));
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: t.confirm }).click();
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/my-account\\?welcome$`));
  await expect(page.getByTestId('account-notice')).toContainText(t.welcome);
  await hydrated(page);
}

for (const locale of ['en', 'id'] as const) {
  const t = texts[locale];

  test(`${locale}: sign up, confirm by e-mail, edit the profile, see My booking, log out and in, session end`, async ({
    page,
    request,
  }) => {
    test.slow();
    const email = `dewi.${locale}.${String(Date.now())}@example.com`;
    await signUpAndConfirm(page, t, email);
    await expectNoAxeViolations(page);
    await expect(page.getByRole('banner').locator('a[data-account]')).toHaveText(t.myAccount);

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
    await expectNoAxeViolations(page);
    await page.getByTestId('tab-history').click();
    await expect(page.getByTestId('my-booking-empty')).toHaveText(t.noHistory);
    await page.goto(`${t.prefix}/my-booking`);
    await page.getByTestId('my-booking').getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/my-booking/[\\w-]{24}$`));
    await expect(page.getByTestId('order-status')).toBeVisible();
    await expectNoAxeViolations(page);

    // Log out: home, "Log in" again, and a protected page sends the visitor to the root path.
    await page.goto(`${t.prefix}/my-account`);
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix || '/'}$`));
    await expect(page.getByRole('banner').locator('a[data-account]')).toHaveText(t.logIn);
    await page.goto(`${t.prefix}/my-booking`);
    await expect(page).toHaveURL(new RegExp(`${t.prefix || '/'}$`));

    // Log in again: the island posts to the session endpoint and goes on to My booking.
    await page.goto(`${t.prefix}/login`);
    await hydrated(page);
    await expectNoAxeViolations(page);
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
    await page.getByTestId('account-profile').getByRole('button', { name: t.save, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix || '/'}$`));
    await expect(page.getByRole('status').getByText(t.expired)).toBeVisible();
  });

  test(`${locale}: forgot password, set a new one from the e-mailed link, and log in without JavaScript`, async ({
    page,
    browser,
  }) => {
    test.slow();
    const email = `ayu.${locale}.${String(Date.now())}@example.com`;
    await signUpAndConfirm(page, t, email);
    await page.getByTestId('logout').click();

    await page.goto(`${t.prefix}/login`);
    await page.getByRole('link', { name: t.forgotLink }).click();
    await hydrated(page);
    await expectNoAxeViolations(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: t.sendLink }).click();
    await expect(page.getByTestId('account-sent')).toContainText(t.resetSent);
    const link = await linkMailedTo(email, '/new-password');
    await page.goto(link);
    await hydrated(page);
    await expectNoAxeViolations(page);
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
    await expect(noScript).toHaveURL(new RegExp(`${t.prefix || '/'}$`));
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
}

for (const locale of ['en', 'id'] as const) {
  const t = texts[locale];
  test(`${locale}: keep a Passenger list: add with the passport rules, edit, delete`, async ({ page }) => {
    test.slow();
    await signUpAndConfirm(page, t, `tono.${locale}.${String(Date.now())}@example.com`);
    await page.goto(`${t.prefix}/passenger-list`);
    await expect(page.getByTestId('passenger-empty')).toHaveText(t.noPassenger);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: t.addPassenger }).click();
    await hydrated(page);
    await expectNoAxeViolations(page);
    const form = page.getByTestId('account-passenger');
    await form.locator('[name="fullName"]').fill('Tono Wibowo');
    await form.locator('[name="dateOfBirth"]').fill('1985-07-09');
    await form.locator('[name="passportNumber"]').fill('c1234567');
    await form.locator('[name="passportIssued"]').fill('2020-01-10');
    // Expiring within 6 months: refused by the server with the booking flow's rule, at its field.
    const soon = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    await form.locator('[name="passportExpiry"]').fill(soon);
    await form.locator('[name="passportCountry"]').selectOption('ID');
    await form.getByRole('button', { name: t.savePassenger }).click();
    await expect(form.locator('#account-passportExpiry-error')).toContainText(t.validity);
    await form.locator('[name="passportExpiry"]').fill('2030-01-10');
    await form.getByRole('button', { name: t.savePassenger }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/passenger-list\\?saved$`));
    await expect(page.getByTestId('account-notice')).toHaveText(t.passengerSaved);
    await expect(page.getByTestId('saved-passenger')).toContainText('C1234567');

    await page.getByTestId('saved-passenger').getByRole('link').click();
    await hydrated(page);
    await expect(form.locator('[name="passportNumber"]')).toHaveValue('C1234567');
    await form.locator('[name="fullName"]').fill('Tono Wibowo Putra');
    await form.getByRole('button', { name: t.savePassenger }).click();
    await expect(page.getByTestId('saved-passenger')).toContainText('Tono Wibowo Putra');

    await page.getByTestId('saved-passenger').getByRole('button').click();
    await expect(page.getByTestId('passenger-empty')).toHaveText(t.noPassenger);
  });
}

test('account pages pass axe in the dark theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const path of [
    '/login',
    '/id/sign-up',
    '/forgot-password',
    '/id/new-password?token=x',
    '/verify-email?token=x',
  ]) {
    await page.goto(path);
    await expectNoAxeViolations(page);
  }
});
