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
async function expectAnnouncement(page: Page, url: string, text: string | { absent: string }) {
  await page.goto(url);
  const region = page.getByRole('region', { name: /^(Announcement|Pengumuman)$/ });
  // Absent by its own words: the budgets' test may have an information on every page meanwhile (a warning, as this
  // one is, shows before it).
  if (typeof text === 'string') await expect(region).toContainText(text);
  else await expect(page.getByRole('main')).not.toContainText(text.absent);
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
  await write(
    page,
    'Text in English',
    'Strong swell',
    'Sailings may leave up to an hour late this afternoon.',
  );
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
    'Gelombang tinggi',
    'Kapal bisa berangkat terlambat sampai satu jam sore ini.',
  );
  // Published right after typing: the form carries what its 300 ms save has not sent yet.
  await publish(page);
  await expect(page.getByTestId('announcement-state')).toHaveText('Live');
  await expectNoAxeViolationsInThemes(page);

  const traveller = await (await browser.newContext()).newPage();
  await expectAnnouncement(traveller, '/', 'Sailings may leave up to an hour late this afternoon.');
  const region = traveller.getByRole('region', { name: 'Announcement' });
  await expect(region.getByRole('heading')).toHaveText('Strong swell');
  await expect(region).toContainText('Warning'); // said to a screen reader
  await expectNoAxeViolationsInThemes(traveller);
  await expectAnnouncement(traveller, '/id', 'Kapal bisa berangkat terlambat sampai satu jam sore ini.');
  await expectAnnouncement(traveller, route, { absent: 'Strong swell' });

  // Publish sends the form as it is on the screen: refused (an end before its start), nothing is published, and what
  // was typed comes back with the reason.
  await page.getByLabel('Shows until').fill('2020-01-01T10:00');
  await page.getByTestId('announcement-publish').click();
  await expect(page).toHaveURL(/\?publish$/);
  await expect(page.getByTestId('staff-alert')).toContainText('Not published');
  await expect(page.locator('#announcement-ends-error')).toHaveText('The end must be after the start.');
  await expect(page.getByLabel('Shows until')).toHaveValue('2020-01-01T10:00');
  await expectAnnouncement(traveller, '/', 'Strong swell');
  await page.goto(page.url().replace(/\?publish$/, ''));

  // Moved to a route's page: travellers see the change only once it is published again.
  await page.getByLabel('Where it shows').selectOption('route');
  await page.getByLabel('Route', { exact: true }).selectOption('btc-hfc');
  await expect(page.getByTestId('announcement-status')).toHaveText('Draft saved.');
  await expectAnnouncement(traveller, '/', 'Strong swell');
  await publish(page);
  await expectAnnouncement(traveller, '/', { absent: 'Strong swell' });
  await expectAnnouncement(traveller, route, 'Strong swell');
  await expectNoAxeViolationsInThemes(traveller);
  await expectAnnouncement(traveller, `/id${route}`, 'Gelombang tinggi');

  await page.getByTestId('announcement-withdraw').click();
  await expect(page).toHaveURL(/\?withdrawn$/);
  await expect(page.getByTestId('announcement-state')).toHaveText('Withdrawn');
  await expectAnnouncement(traveller, route, { absent: 'Strong swell' });

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
