import { describe, expect, it } from 'vitest';
import { isLocale, localeFromPath, localizePath, stripLocale } from '../../../src/i18n/locales.ts';

describe('locale paths', () => {
  it.each([
    ['/', 'en', '/'],
    ['/about-us', 'en', '/about-us'],
    ['/id', 'id', '/'],
    ['/id/', 'id', '/'],
    ['/id/about-us', 'id', '/about-us'],
    ['/idea', 'en', '/idea'],
    ['/identity/x', 'en', '/identity/x'],
  ] as const)('%s is %s and strips to %s', (path, locale, bare) => {
    expect(localeFromPath(path)).toBe(locale);
    expect(stripLocale(path)).toBe(bare);
  });

  it.each([
    ['/', 'id', '/id'],
    ['/', 'en', '/'],
    ['/about-us', 'id', '/id/about-us'],
    ['/id/about-us', 'en', '/about-us'],
    ['/id/about-us', 'id', '/id/about-us'],
    ['/id', 'en', '/'],
    ['/booking/check-order', 'id', '/id/booking/check-order'],
  ] as const)('%s in %s is %s', (path, locale, expected) => {
    expect(localizePath(path, locale)).toBe(expected);
  });

  it('knows only en and id', () => {
    expect(isLocale('en')).toBe(true);
    expect(isLocale('id')).toBe(true);
    expect(isLocale('fr')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});
