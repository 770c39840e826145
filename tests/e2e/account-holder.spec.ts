import { expect, test } from '@playwright/test';
import { hydrated, password, signedUp, texts } from './account-steps.ts';
import { expectNoAxeViolationsInThemes } from './axe.ts';
import { daysAhead } from './batam-dates.ts';
import { bornYearsAgo } from './booking-steps.ts';

const t = texts.en;
test(`en: keep a Passenger list: add with the passport rules, edit, delete`, async ({ page }) => {
  test.slow();
  await signedUp(page, t, `tono.en.${String(Date.now())}@example.com`);
  await page.goto(`${t.prefix}/passenger-list`);
  await expect(page.getByTestId('passenger-empty')).toHaveText(t.noPassenger);
  await expectNoAxeViolationsInThemes(page);
  await page.getByRole('link', { name: t.addPassenger }).click();
  await hydrated(page);
  await expectNoAxeViolationsInThemes(page);
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

  // Delete asks once more: the first press only opens the question.
  await page.getByTestId('passenger-delete').locator('summary').click();
  await expect(page.getByTestId('saved-passenger')).toHaveCount(1);
  await expect(page.getByTestId('passenger-delete')).toContainText('Tono Wibowo Putra');
  await expectNoAxeViolationsInThemes(page);
  await page.getByTestId('passenger-delete-confirm').click();
  await expect(page.getByTestId('passenger-empty')).toHaveText(t.noPassenger);
});

test(`en: a holder books with the contact prefilled and a saved passenger, changes the password, then deletes the account`, async ({
  page,
}) => {
  test.slow();
  const email = `lina.en.${String(Date.now())}@example.com`;
  await signedUp(page, t, email);
  // A saved passenger, through the API as the Passenger list's island sends it (cookie + anti-forgery header).
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'segara_csrf')?.value ?? '';
  const saved = await page.request.post('/api/passengers', {
    headers: { 'X-CSRF-Token': csrf, Origin: new URL(page.url()).origin },
    data: {
      fullName: 'Lina Marlina',
      dateOfBirth: '1990-10-10',
      passportNumber: 'D7654321',
      passportIssued: '2022-03-03',
      passportExpiry: '2032-03-02',
      passportCountry: 'ID',
    },
  });
  expect(saved.status()).toBe(201);
  // And a child of hers: never offered for an adult's seat.
  const child = await page.request.post('/api/passengers', {
    headers: { 'X-CSRF-Token': csrf, Origin: new URL(page.url()).origin },
    data: {
      fullName: 'Kiki Marlina',
      dateOfBirth: bornYearsAgo(6),
      passportNumber: 'D7654322',
      passportIssued: '2022-03-03',
      passportExpiry: '2032-03-02',
      passportCountry: 'ID',
    },
  });
  expect(child.status()).toBe(201);

  await page.goto(`${t.prefix}/booking/schedule?trip=one_way&from=BTC&to=HFC&date=${daysAhead(5)}&adults=1`);
  await page.locator('input[name="out"]').first().check();
  await page.locator('#continue').getByRole('button').click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{24}$/);
  const code = (await page.getByTestId('booking-code').textContent()) ?? '';
  await hydrated(page);
  await expect(page.locator('[name="contact.fullName"]')).toHaveValue('Dewi Lestari');
  await expect(page.locator('[name="contact.email"]')).toHaveValue(email);
  await page.getByTestId('flow-next').click();
  await expect(page.getByTestId('passenger-0-saved')).not.toContainText('Kiki Marlina');
  await page.getByTestId('passenger-0-saved').selectOption({ label: 'Lina Marlina' });
  await expect(page.locator('[name="passengers.0.passportNumber"]')).toHaveValue('D7654321');
  // Her full name as the passport writes it, kept in the Passenger list too (the same passport: updated).
  await page.locator('[name="passengers.0.fullName"]').fill('Lina Marlina Putri');
  await page.getByTestId('passenger-0-save-to-list').check();
  await expectNoAxeViolationsInThemes(page);
  await page.getByTestId('flow-next').click();
  await expect(page.getByTestId('booking-summary')).toContainText('Lina Marlina Putri');
  await page.getByTestId('flow-next').click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.goto(`${t.prefix}/passenger-list`);
  await expect(page.getByTestId('saved-passenger')).toHaveCount(2);
  await expect(page.getByTestId('saved-passenger').filter({ hasText: 'Lina Marlina Putri' })).toHaveCount(1);
  // Saved while logged in: the booking is the holder's, under Active, before it is even paid.
  await page.goto(`${t.prefix}/my-booking`);
  await expect(page.getByTestId('my-booking')).toContainText(code);
  // This phone's own bookings, which open offline, are one link away.
  await expect(page.getByTestId('my-trips-link').getByRole('link')).toHaveAttribute(
    'href',
    `${t.prefix}/my-trips`,
  );

  // Change the password: a wrong current one is refused at its field; then changed, and this device stays in.
  await page.goto(`${t.prefix}/my-account/change-password`);
  await hydrated(page);
  await expectNoAxeViolationsInThemes(page);
  const change = page.getByTestId('account-changePassword');
  const renewed = 'Kapal-Cepat-2027!';
  await change.locator('[name="currentPassword"]').fill('Bukan-Sandi-9!');
  await change.locator('[name="password"]').fill(renewed);
  await change.locator('[name="passwordConfirmation"]').fill(renewed);
  await change.getByRole('button').click();
  await expect(change.getByText(t.wrongCurrent)).toBeVisible();
  await change.locator('[name="currentPassword"]').fill(password);
  await change.getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/my-account\\?password-changed$`));
  await expect(page.getByTestId('account-notice')).toContainText(t.passwordChanged);

  await page.goto(`${t.prefix}/my-account`);
  await page.getByTestId('delete-account-link').click();
  await hydrated(page);
  await expectNoAxeViolationsInThemes(page);
  const form = page.getByTestId('account-deleteAccount');
  await form.locator('[name="currentPassword"]').fill(renewed);
  await form.getByRole('checkbox').check();
  await form.getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/$`));
  await expect(page.getByRole('status').getByText(t.deleted)).toBeVisible();
  await page.goto(`${t.prefix}/my-booking`);
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/$`));
});

test(
  "the account's navigation sits beside its pages on a desktop and above them on a phone, marking where it is",
  { tag: '@layout' },
  async ({ page, isMobile }) => {
    await signedUp(page, t, `nav.en.${String(Date.now())}@example.com`);
    const nav = page.getByRole('navigation', { name: 'My account' });
    await expect(nav.getByRole('link', { name: 'My profile' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Passenger list' }).click();
    await expect(page).toHaveURL(/\/passenger-list$/);
    await expect(nav.getByRole('link', { name: 'Passenger list' })).toHaveAttribute('aria-current', 'page');
    const menu = (await nav.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    const content = (await page.getByTestId('passenger-empty').boundingBox()) ?? { x: 0, y: 0 };
    if (isMobile) expect(menu.y + menu.height).toBeLessThanOrEqual(content.y);
    else expect(menu.x + menu.width).toBeLessThanOrEqual(content.x);
    await expectNoAxeViolationsInThemes(page);
    if (!isMobile) return;
    // On a phone the page's own content starts in the first half of the screen (below the demo banner, the header
    // and the title), in the longer Indonesian words too: the navigation is two rows of pills, not a tall list.
    await page.goto('/id/my-account');
    const pills = page.getByRole('navigation', { name: 'Akun saya' });
    await expect(pills.getByRole('link')).toHaveCount(4);
    const top = (await page.locator('nav[aria-label="Akun saya"] + div').boundingBox())?.y ?? Infinity;
    expect(top).toBeLessThan((page.viewportSize()?.height ?? 0) / 2);
    await expectNoAxeViolationsInThemes(page);
  },
);
