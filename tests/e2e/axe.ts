import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * The page as it is now has no axe violations; each one is listed by rule and element when it fails. Checked once
 * the colours have finished their transitions: a choice just made (a button turning primary) measured half way
 * through its fade fails colour contrast by chance.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A spinner turns for ever: only the animations that end are waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

/**
 * The page as it is now passes axe in the light theme, and first in the dark one on the phone project when the page
 * is in English (its colours are the same on a desktop and in Indonesian): switched in place (what is open stays
 * open), each check once the colours have finished their transitions.
 */
export async function expectNoAxeViolationsInThemes(page: Page): Promise<void> {
  const english = (await page.locator('html').getAttribute('lang')) === 'en';
  const dark = test.info().project.name === 'phone' && english;
  const schemes = dark ? (['dark', 'light'] as const) : (['light'] as const);
  for (const colorScheme of schemes) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page);
  }
}
