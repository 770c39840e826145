import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolationsInThemes } from './axe.ts';
import { signedInAdmin } from './staff-sign-in.ts';

// Issue 35, part 3: an admin writes an announcement in the rich-text editor (saved as they type), publishes it, and
// travellers see it at once on the pre-rendered pages it is placed on, in both languages, without a script; then
// it moves to a route's page with "Publish" again, and is withdrawn.

const route = '/schedule/batam-centre-harbourfront';

/** Types into one language's rich-text editor (its toolbar makes the first line a heading). */
async function write(page: Page, label: string, heading: string, text: string) {
  const editor = page.getByRole('textbox', { name: label });
  await editor.click();
  const toolbar = page.getByTestId('rich-text-editor').filter({ has: editor }).getByRole('toolbar');
  await toolbar.getByRole('button', { name: 'Heading', exact: true }).click();
  await editor.pressSequentially(heading);
  await editor.press('Enter');
  await editor.pressSequentially(text);
}

/** Presses Publish and waits for the page it leads to (the address may say `?published` already). */
async function publish(page: Page) {
  await page.evaluate(() => {
    document.body.dataset.before = 'publish';
  });
  await page.getByTestId('announcement-publish').click();
  await expect(page.locator('body')).not.toHaveAttribute('data-before', 'publish');
  await expect(page).toHaveURL(/\?published$/);
}

/**
 * A traveller's view of a page: the announcement's region and its text (tests/perf/content-pages.spec.ts proves
 * the pages with one still load no script and fit their budget).
 */
async function expectAnnouncement(page: Page, url: string, text: string | undefined) {
  await page.goto(url);
  const region = page.getByRole('region', { name: /^(Announcement|Pengumuman)$/ });
  if (text === undefined) await expect(region).toHaveCount(0);
  else await expect(region).toContainText(text);
}

test('an admin publishes an announcement that shows at once on the home page, then on a route page, in both languages', async ({
  page,
  browser,
}) => {
  test.slow();
  await signedInAdmin(page);
  await page.getByRole('link', { name: 'Announcements' }).click();
  await expect(page).toHaveURL(/\/staff\/announcements$/);
  await expectNoAxeViolationsInThemes(page);
  await page.getByTestId('announcement-new').click();
  await expect(page).toHaveURL(/\/staff\/announcements\/new$/);
  await expect(page.getByTestId('rich-text-editor')).toHaveCount(2);
  await expectNoAxeViolationsInThemes(page);

  await page.getByLabel('Where it shows').selectOption('home');
  await page.getByLabel('Kind').selectOption('warning');
  await write(page, 'Text in English', 'Rough seas', 'Sailings may leave up to an hour late this afternoon.');
  // The first save creates it: the address names it, and Publish appears.
  await expect(page).toHaveURL(/\/staff\/announcements\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('announcement-status')).toHaveText('Draft saved.');
  await page.getByTestId('announcement-publish').click();
  await expect(page.getByTestId('staff-alert')).toContainText('Not published');
  await expect(page.locator('#announcement-textId-error')).toHaveText(
    'Write the Indonesian text before publishing.',
  );
  await write(
    page,
    'Text in Indonesian',
    'Laut berombak',
    'Kapal bisa berangkat terlambat sampai satu jam sore ini.',
  );
  // Published right after typing: what waited for its 300 ms is saved first.
  await publish(page);
  await expect(page.getByTestId('announcement-state')).toHaveText('Live');
  await expectNoAxeViolationsInThemes(page);

  const traveller = await (await browser.newContext()).newPage();
  await expectAnnouncement(traveller, '/', 'Sailings may leave up to an hour late this afternoon.');
  await expect(traveller.getByRole('region', { name: 'Announcement' }).getByRole('heading')).toHaveText([
    'Announcement',
    'Rough seas',
  ]);
  await expectNoAxeViolationsInThemes(traveller);
  await expectAnnouncement(traveller, '/id', 'Kapal bisa berangkat terlambat sampai satu jam sore ini.');
  await expectAnnouncement(traveller, route, undefined);

  // A draft the server refuses is never published in its older, saved form.
  const ends = page.getByLabel('Shows until');
  const goodEnd = await ends.inputValue();
  await ends.fill('2020-01-01T10:00');
  await expect(page.locator('#announcement-ends-error')).toHaveText('The end must be after the start.');
  await page.evaluate(() => {
    document.body.dataset.stayed = 'yes';
  });
  await page.getByTestId('announcement-publish').click();
  await expect(page.getByTestId('announcement-status')).toHaveAttribute('data-state', 'failed');
  await page.waitForTimeout(500);
  await expect(page.locator('body')).toHaveAttribute('data-stayed', 'yes');
  await ends.fill(goodEnd);
  await expect(page.getByTestId('announcement-status')).toHaveText('Draft saved.');

  // Moved to a route's page: travellers see the change only once it is published again.
  await page.getByLabel('Where it shows').selectOption('route');
  await page.getByLabel('Route', { exact: true }).selectOption('btc-hfc');
  await expect(page.getByTestId('announcement-status')).toHaveText('Draft saved.');
  await expectAnnouncement(traveller, '/', 'Rough seas');
  await publish(page);
  await expectAnnouncement(traveller, '/', undefined);
  await expectAnnouncement(traveller, route, 'Rough seas');
  await expectNoAxeViolationsInThemes(traveller);
  await expectAnnouncement(traveller, `/id${route}`, 'Laut berombak');

  await page.getByTestId('announcement-withdraw').click();
  await expect(page).toHaveURL(/\?withdrawn$/);
  await expect(page.getByTestId('announcement-state')).toHaveText('Withdrawn');
  await expectAnnouncement(traveller, route, undefined);

  // Every change is in the audit log.
  await page.goto('/staff?show=announcement.&booking=');
  await expect(page.getByTestId('staff-audit')).toContainText('Announcement withdrawn');
  await expect(page.getByTestId('staff-audit')).toContainText('Announcement published');
  await expect(page.getByTestId('staff-audit')).toContainText('Announcement saved');

  // The console in Indonesian: the list and the editor.
  await page.goto('/id/staff/announcements');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pengumuman');
  await expect(page.getByTestId('announcement-row').first()).toContainText('Ditarik');
  await expectNoAxeViolationsInThemes(page);
  await page.getByTestId('announcement-row').first().getByRole('link').click();
  await expect(page.getByTestId('rich-text-editor')).toHaveCount(2);
  await expect(page.getByRole('toolbar', { name: 'Format teks' })).toHaveCount(2);
  await expectNoAxeViolationsInThemes(page);
});

test('the editor falls back to a plain text field, logged, when it cannot start', async ({ page }) => {
  await signedInAdmin(page);
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  await page.route(/tiptap-editor\.[\w-]+\.js$/, (request) => request.abort());
  await page.goto('/staff/announcements/new');
  await expect(page.locator('[data-editor="failed"]')).toHaveCount(2);
  await page.getByLabel('Text in English').fill('<p>Typed in the plain field.</p>');
  await expect(page.getByTestId('announcement-status')).toHaveText('Draft saved.');
  expect(logged.join('\n')).toContain('announcement editor: could not start');
});
