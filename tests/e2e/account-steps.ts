import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolationsInThemes } from './axe.ts';
import { baseURL } from '../../playwright.config.ts';
import { linkMailedTo } from './mail.ts';

/** The account steps the account specs share: their words in both languages, and signing up through the outbox. */
export const password = 'Kapal-Feri-2026!';

export const texts = {
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
    deleted: 'Your account has been deleted.',
    loginFailed: 'The email or password is not correct.',
    wrongCurrent: 'The current password is not correct',
    passwordChanged: 'Your password has been changed.',
    setPassword: 'Set a password',
    sendSetPassword: 'Email me a link to set a password',
  },
  id: {
    prefix: '/id',
    logIn: 'Masuk',
    myAccount: 'Akun saya',
    signUp: 'Daftar',
    sent: 'Periksa email Anda',
    confirm: 'Verifikasi email saya',
    welcome: 'Selamat datang, Dewi Lestari!',
    save: 'Simpan',
    saved: 'Profil Anda telah disimpan',
    female: 'Perempuan',
    noTicket: 'Belum ada pesanan aktif',
    noHistory: 'Belum ada riwayat pesanan',
    history: 'Riwayat',
    logOut: 'Keluar',
    expired: 'Sesi Anda telah berakhir, silakan masuk kembali',
    forgotLink: 'Lupa kata sandi?',
    sendLink: 'Kirim tautan',
    resetSent: 'Jika ada akun yang memakai email ini',
    saveNew: 'Simpan kata sandi baru',
    required: 'Nama lengkap wajib diisi',
    noPassenger: 'Belum ada penumpang tersimpan',
    addPassenger: 'Tambah penumpang',
    savePassenger: 'Simpan penumpang',
    passengerSaved: 'Penumpang telah disimpan',
    validity: '6 bulan',
    deleted: 'Akun Anda telah dihapus.',
    loginFailed: 'Email atau kata sandi salah.',
    wrongCurrent: 'Kata sandi saat ini salah',
    passwordChanged: 'Kata sandi Anda telah diubah.',
    setPassword: 'Buat kata sandi',
    sendSetPassword: 'Kirim tautan untuk membuat kata sandi',
  },
} as const;

export type Texts = (typeof texts)[keyof typeof texts];

/** The account islands have hydrated (Astro drops `ssr` from an island once it has). */
export const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);

export async function signUpAndConfirm(page: Page, t: Texts, email: string): Promise<void> {
  await page.goto(`${t.prefix}/sign-up`);
  await hydrated(page);
  await expectNoAxeViolationsInThemes(page);
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
  await expectNoAxeViolationsInThemes(page);

  await page.goto(await linkMailedTo(email, '/verify-email'));
  await expectNoAxeViolationsInThemes(page);
  await page.getByLabel(/password you chose|kata sandi yang anda pilih/i).fill(password);
  await page.getByRole('button', { name: t.confirm }).click();
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/my-account\\?welcome$`));
  await expect(page.getByTestId('account-notice')).toContainText(t.welcome);
  await hydrated(page);
}

/**
 * An account opened and confirmed through the API, as the site's own pages send it, and this browser logged in, on
 * My account: for the tests about what an account holder does next. The sign-up pages themselves (their checks,
 * axe) are the subject of accounts.spec.ts.
 */
export async function signedUp(page: Page, t: Texts, email: string): Promise<void> {
  await page.request.get('/api/session'); // hands this browser its anti-forgery cookie
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'segara_csrf')?.value ?? '';
  // The account's language is the page's it signed up from: its e-mails and their links follow it.
  const language = t.prefix === '/id' ? 'id' : 'en';
  const ownPage = { headers: { 'X-CSRF-Token': csrf, Origin: baseURL, 'Accept-Language': language } };
  const registered = await page.request.post('/api/auth/register', {
    ...ownPage,
    data: {
      fullName: 'Dewi Lestari',
      email,
      phone: '+6281234567890',
      password,
      passwordConfirmation: password,
      agree: true,
    },
  });
  expect(registered.status()).toBe(202);
  const link = new URL(await linkMailedTo(email, '/verify-email'), baseURL);
  const verified = await page.request.post('/api/auth/verify-email', {
    ...ownPage,
    data: { token: link.searchParams.get('token'), password },
  });
  expect(verified.status()).toBe(200);
  await page.goto(`${t.prefix}/my-account`);
  await hydrated(page);
}

/**
 * The header's "Log in": in the menu on a phone, in the bar on a desktop. On a page with the dialog, once the dialog
 * is bound (the notification host binds it as it hydrates; a click before that opens the login page).
 */
export async function headerLogIn(page: Page, t: Texts, dialog = true) {
  if (dialog) await expect(page.locator('dialog#account-dialog[data-bound]')).toBeAttached();
  const banner = page.getByRole('banner');
  if (await banner.getByLabel('Menu').isVisible()) await banner.getByLabel('Menu').click();
  return banner.getByRole('link', { name: t.logIn, exact: true }).locator('visible=true');
}
