import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  parseThemeChoice,
  themeAttribute,
  themeColor,
  themeColors,
} from '../../../src/scripts/theme-choice.ts';

const lightMedia = '(prefers-color-scheme: light)';
const darkMedia = '(prefers-color-scheme: dark)';

describe('theme choice', () => {
  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
    [null, ''],
    ['', ''],
    ['segara-dark', ''],
    ['Dark', ''],
    [undefined, ''],
  ])('reads %j as %j (anything unknown follows the device)', (stored, choice) => {
    expect(parseThemeChoice(stored)).toBe(choice);
  });

  it('names the daisyUI theme of a choice, and none for the device', () => {
    expect(themeAttribute('light')).toBe('segara');
    expect(themeAttribute('dark')).toBe('segara-dark');
    expect(themeAttribute('')).toBeUndefined();
  });

  it('names themes that the stylesheet defines, the dark one following the device', () => {
    const css = readFileSync('src/styles/theme.css', 'utf8');
    expect(css).toContain(`name: '${themeAttribute('light') ?? ''}';`);
    expect(css).toMatch(new RegExp(`name: '${themeAttribute('dark') ?? ''}';\\s*prefersdark: true;`));
  });

  it('colours the browser bar with the chosen theme whatever the device says', () => {
    for (const media of [lightMedia, darkMedia]) {
      expect(themeColor('light', media)).toBe(themeColors.light);
      expect(themeColor('dark', media)).toBe(themeColors.dark);
    }
  });

  it('leaves each media its own colour when following the device', () => {
    expect(themeColor('', lightMedia)).toBe(themeColors.light);
    expect(themeColor('', darkMedia)).toBe(themeColors.dark);
  });
});
