import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { hydrated, signedUp, texts } from './account-steps.ts';
import { expectNoAxeViolationsInThemes } from './axe.ts';

const words = {
  en: {
    choose: 'Choose a picture',
    save: 'Save picture',
    remove: 'Remove picture',
    saved: 'Profile picture saved',
    removed: 'Profile picture removed',
    area: /^Crop area/,
    corner: /^Bottom right corner/,
    tooBig: 'The picture is larger than 2 MB: choose a smaller one.',
    alt: 'Your profile picture',
  },
  id: {
    choose: 'Pilih foto',
    save: 'Simpan foto',
    remove: 'Hapus foto',
    saved: 'Foto profil tersimpan',
    removed: 'Foto profil dihapus',
    area: /^Area potong/,
    corner: /^Sudut kanan bawah/,
    tooBig: 'Ukuran foto lebih dari 2 MB. Pilih foto yang lebih kecil.',
    alt: 'Foto profil Anda',
  },
} as const;

/** A landscape photo: left third red, the rest blue. */
async function photo() {
  const red = { create: { width: 400, height: 600, channels: 3 as const, background: '#ff0000' } };
  const buffer = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg()
    .toBuffer();
  return { name: 'beach.jpg', mimeType: 'image/jpeg', buffer };
}

const t = texts.en;
const w = words.en;
test(`en: choose a picture, crop it with the keyboard, save and remove it`, async ({ page }) => {
  test.slow();
  await signedUp(page, t, `putri.en.${String(Date.now())}@example.com`);
  const form = page.getByTestId('avatar-form');
  await form.scrollIntoViewIfNeeded();
  await hydrated(page);
  // The page's own button, in the page's language (the browser's "Choose File" is hidden behind it).
  await expect(form.getByText(w.choose, { exact: true })).toBeVisible();
  await expect(form.getByTestId('avatar-file')).not.toBeInViewport();
  await expect(form.getByTestId('avatar-chosen')).toHaveText('No picture chosen');
  await form.getByLabel(w.choose).setInputFiles(await photo());
  await expect(form.getByTestId('avatar-chosen')).toHaveText('beach.jpg');
  const area = page.getByLabel(w.area);
  await expect(area).toBeVisible();
  await expectNoAxeViolationsInThemes(page);
  // The square starts in the middle (blue); moved all the way left with the keyboard it takes the red third.
  await area.focus();
  for (let step = 0; step < 40; step++) await page.keyboard.press('Shift+ArrowLeft');
  const corner = page.getByLabel(w.corner);
  await corner.focus();
  for (let step = 0; step < 10; step++) await page.keyboard.press('Shift+ArrowLeft');
  const box = (await area.boundingBox()) ?? { width: 0, height: 0, x: 0 };
  const shown = (await page.getByTestId('avatar-crop-image').boundingBox()) ?? { x: 0, width: 1 };
  expect(Math.abs(box.x - shown.x)).toBeLessThan(2);
  expect(box.width).toBeLessThan(shown.width / 3);
  expect(Math.abs(box.width - box.height)).toBeLessThan(2);

  const saving = page.waitForResponse(
    (r) => r.url().endsWith('/api/profile/avatar') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: w.save }).click();
  const upload = (await saving).request().postDataBuffer() ?? Buffer.alloc(0);
  // Only the cropped square travels, not the whole photo.
  expect(upload.byteLength).toBeLessThan(40_000);
  await expect(page.getByText(w.saved)).toBeVisible();
  const picture = form.getByRole('img', { name: w.alt });
  await expect(picture).toBeVisible();
  const served = await page.request.get((await picture.getAttribute('src')) ?? '');
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  const { data, info } = await sharp(await served.body())
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(info.width).toBe(256);
  expect(data[(128 * 256 + 128) * info.channels]).toBeGreaterThan(200); // red
  await expectNoAxeViolationsInThemes(page);

  await form.getByRole('button', { name: w.remove }).click();
  await expect(page.getByText(w.removed)).toBeVisible();
  await expect(picture).toHaveCount(0);
});

test('id: without JavaScript, a file too big is refused at the picture and a good one is kept', async ({
  page,
  browser,
}) => {
  test.slow();
  const t = texts.id;
  await signedUp(page, t, `bima.${String(Date.now())}@example.com`);
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto('/id/my-account');
  const form = noScript.getByTestId('avatar-form');
  const big = Buffer.alloc(2 * 1024 * 1024 + 1000, 1);
  await form
    .getByLabel(words.id.choose)
    .setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: big });
  await form.getByRole('button', { name: words.id.save }).click();
  await expect(form.getByTestId('avatar-error')).toHaveText(words.id.tooBig);
  await form.getByLabel(words.id.choose).setInputFiles(await photo());
  await form.getByRole('button', { name: words.id.save }).click();
  await expect(noScript).toHaveURL(/\/id\/my-account\?picture-saved$/);
  await expect(noScript.getByTestId('account-notice')).toHaveText(words.id.saved);
  await expect(form.getByRole('img', { name: words.id.alt })).toBeVisible();
  await plain.close();
});
