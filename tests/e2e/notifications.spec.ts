import { expect, test, type Page } from '@playwright/test';

const URL = '/e2e/notifications';

async function open(page: Page) {
  // A paused fake clock: time moves only with runFor, so a slow machine cannot eat into a timeout.
  await page.clock.install({ time: new Date('2026-11-21T08:00:00Z') });
  await page.goto(URL);
  await page.clock.pauseAt(new Date('2026-11-21T08:01:00Z'));
  // The island is interactive once React has hydrated it.
  await expect(page.locator('astro-island:not([ssr])').first()).toBeAttached();
}

const notification = (page: Page) => page.getByTestId('notification');

test.describe('global notification', () => {
  test('appears at the top with its message and closes with the close button', async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: 'Sticky notification' }).click();
    await expect(notification(page)).toHaveText(/Stays until closed/);
    const box = await notification(page).boundingBox();
    expect(box?.y).toBeLessThan(40);
    await page.getByRole('button', { name: 'Close notification' }).click();
    await expect(notification(page)).toHaveCount(0);
  });

  for (const [button, timeout] of [
    ['Helper notification', 2000],
    ['Initial state', 3000],
    ['Session expired', 4000],
    ['Component default', 5000],
  ] as const) {
    test(`${button} hides after ${timeout} ms`, async ({ page }) => {
      await open(page);
      await page.getByRole('button', { name: button }).click();
      await expect(notification(page)).toBeVisible();
      await page.clock.runFor(timeout - 100);
      await expect(notification(page)).toBeVisible();
      await page.clock.runFor(200);
      await expect(notification(page)).toHaveCount(0);
    });
  }

  test('a timeout of -1 never hides it', async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: 'Sticky notification' }).click();
    await page.clock.runFor(60_000);
    await expect(notification(page)).toBeVisible();
  });

  test('a vertical swipe over 50 px dismisses it; a shorter one does not', async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: 'Sticky notification' }).click();
    const box = await notification(page).boundingBox();
    if (!box) throw new Error('notification has no box');
    const x = box.x + 20;
    const y = box.y + box.height / 2;
    const swipe = async (distance: number) => {
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x, y + distance, { steps: 5 });
      await page.mouse.up();
    };
    await swipe(30);
    await expect(notification(page)).toBeVisible();
    await swipe(60);
    await expect(notification(page)).toHaveCount(0);
  });

  test('an errors map shows one "field: message" notification after another, each until closed', async ({
    page,
  }) => {
    await open(page);
    await page.getByRole('button', { name: 'API errors' }).click();
    await expect(notification(page)).toHaveText(/email: Email/);
    await expect(notification(page)).toHaveAttribute('data-color', 'error');
    // An error waits to be read, however long that takes.
    await page.clock.runFor(60_000);
    await expect(notification(page)).toHaveText(/email: Email/);
    await page.getByRole('button', { name: 'Close notification' }).click();
    await expect(notification(page)).toHaveText(/phone: not a valid phone number/);
    await page.getByRole('button', { name: 'Close notification' }).click();
    await expect(notification(page)).toHaveCount(0);
  });
});

test.describe('global notification with a mouse', () => {
  // Hover needs a pointing device: this block runs as a desktop browser whatever the project.
  test.use({ isMobile: false, hasTouch: false, viewport: { width: 1366, height: 900 } });

  test('hovering pauses the timer and leaving resumes it with the time that was left', async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: 'Helper notification' }).click();
    await page.clock.runFor(1000);
    await notification(page).hover();
    await page.clock.runFor(10_000);
    await expect(notification(page)).toBeVisible();
    await page.mouse.move(5, 700);
    // About 1000 ms were left when the pointer arrived.
    await page.clock.runFor(600);
    await expect(notification(page)).toBeVisible();
    await page.clock.runFor(600);
    await expect(notification(page)).toHaveCount(0);
  });
});

test.describe('failed dynamic load', () => {
  test('reloads the page once, then only logs a second failure', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await page.goto(URL);
    await expect(page.locator('astro-island:not([ssr])').first()).toBeAttached();
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Load missing part' }).click();
    await reloaded;
    expect(
      await page.evaluate(() => sessionStorage.getItem('segara:reloaded-after-load-failure')),
    ).not.toBeNull();

    await expect(page.locator('astro-island:not([ssr])').first()).toBeAttached();
    let reloadedAgain = false;
    page.on('load', () => (reloadedAgain = true));
    await page.getByRole('button', { name: 'Load missing part' }).click();
    await expect.poll(() => logged.some((text) => text.includes('failed to load again'))).toBe(true);
    expect(reloadedAgain).toBe(false);
  });
});
