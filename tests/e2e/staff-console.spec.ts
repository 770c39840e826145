import { expect, test } from '@playwright/test';
import { expectNoAxeViolationsInThemes } from './axe.ts';
import { paidBooking, sailingsOn } from './paid-booking.ts';
import { addStaff, codeFor, STAFF_PASSWORD as password } from './staff-sign-in.ts';

// Issue 35, part 1: a staff member set up by link signs in with a password and a TOTP second factor, sees the audit
// log, and signs out; the console in Indonesian too. No JavaScript on these pages: plain forms.

test('an admin sets up a password, then the second factor by QR code, signs in, reads the audit log and signs out', async ({
  page,
}) => {
  test.slow();
  const email = `ayu.${String(Date.now())}@segaraferry.co.id`;
  const token = await addStaff(page, email);
  const [sailing] = await sailingsOn(page.request, [3, 4]);
  if (!sailing) throw new Error('no sailing with seats');
  const code = await paidBooking(page.request, page, sailing, 'Dewi Lestari');
  // Nobody signed in: the console sends the visitor to its sign-in.
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/staff\/login$/);

  await page.goto(`/staff/set-up?token=${token}`);
  await expectNoAxeViolationsInThemes(page);
  await page.getByLabel('New password').fill('password');
  await page.getByLabel('Type the password again').fill('password');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.locator('#staff-password-error')).toBeVisible();
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Type the password again').fill(password);
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page).toHaveURL(/\/staff\/login\?set-up$/);
  await expect(page.getByTestId('staff-status')).toHaveText(
    'Your password is set. Sign in to set up the second step.',
  );
  await expectNoAxeViolationsInThemes(page);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Not-the-password-1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('staff-alert')).toHaveText('The email or password is not correct.');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/staff\/code$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up the second step');
  await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  await expect(page.getByTestId('staff-recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expectNoAxeViolationsInThemes(page);
  const key = (await page.getByTestId('staff-totp-key').textContent()) ?? '';
  const recovery =
    (await page.getByTestId('staff-recovery-codes').getByRole('listitem').first().textContent()) ?? '';
  await page.getByRole('textbox', { name: 'Code' }).fill('000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#staff-code-error')).toContainText(
    'This code is not correct or was already used',
  );
  await page.getByRole('textbox', { name: 'Code' }).fill(codeFor(key));
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByTestId('staff-greeting')).toHaveText('Signed in as Ayu Wulandari (admin).');
  await expect(page.getByTestId('staff-audit')).toContainText('Staff signed in');
  await page.getByLabel('Show').selectOption('staff.');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/staff\?show=staff\.&booking=$/);
  await expect(page.getByTestId('staff-audit')).toContainText('Staff member added');
  await expectNoAxeViolationsInThemes(page);
  // One booking's history, by the code a traveller quotes on the phone.
  await page.getByLabel('Show').selectOption('');
  await page.getByLabel('Booking code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('staff-audit').getByRole('row')).toHaveCount(2); // the header and the payment
  await expect(page.getByTestId('staff-audit')).toContainText('Payment recorded');
  // The admin adds an agent from the console and gets the set-up link to send them.
  await page.getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/members$/);
  const add = page.getByTestId('staff-add');
  await add.getByLabel('Full Name').fill('Rina Agen');
  await add.getByLabel('Email').fill(`rina.${email}`);
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/staff\/members\?added$/);
  const rina = page.getByTestId('staff-member').filter({ hasText: 'Rina Agen' });
  await expect(rina.getByTestId('staff-set-up-link')).toContainText('/staff/set-up?token=');
  await expectNoAxeViolationsInThemes(page);
  await page.getByTestId('staff-sign-out').click();
  await expect(page).toHaveURL(/\/staff\/login\?signed-out$/);
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/staff\/login$/);

  // In Indonesian, with a recovery code (the app's code of this half-minute is spent).
  await page.goto('/id/staff/login');
  await expectNoAxeViolationsInThemes(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Kata sandi').fill(password);
  await page.getByRole('button', { name: 'Lanjutkan' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Langkah kedua');
  await expectNoAxeViolationsInThemes(page);
  await page.getByRole('textbox', { name: /^Kode/ }).fill(recovery.toLowerCase());
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/id\/staff$/);
  await expect(page.getByTestId('staff-greeting')).toHaveText('Masuk sebagai Ayu Wulandari (admin).');
  await expect(page.getByTestId('staff-audit')).toContainText('Kode pemulihan dipakai');
  await expectNoAxeViolationsInThemes(page);
});
