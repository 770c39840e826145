import { describe, expect, it } from 'vitest';
import { appIcons } from '../../../src/app-icons.ts';
import { webManifest } from '../../../src/pages/[...locale]/_web-manifest.ts';
import { themeColors } from '../../../src/scripts/theme-choice.ts';

describe('the web app manifest', () => {
  it('opens the installed site on My trips in each language, as one app per language', () => {
    expect(webManifest('en')).toMatchObject({
      id: '/my-trips',
      start_url: '/my-trips',
      lang: 'en',
      name: 'Segara Ferry: Batam ferry tickets',
      short_name: 'Segara Ferry',
      description: expect.stringContaining('without a connection') as unknown,
    });
    expect(webManifest('id')).toMatchObject({
      id: '/id/my-trips',
      start_url: '/id/my-trips',
      lang: 'id',
      name: 'Segara Ferry: tiket feri Batam',
      short_name: 'Segara Ferry',
      description: expect.stringContaining('tanpa koneksi') as unknown,
    });
  });

  it('is a standalone app over the whole site, in the light theme colour', () => {
    for (const locale of ['en', 'id'] as const) {
      expect(webManifest(locale)).toMatchObject({
        scope: '/',
        display: 'standalone',
        dir: 'ltr',
        theme_color: themeColors.light,
        background_color: themeColors.light,
      });
    }
  });

  it('names PNG icons of 192 and 512 pixels, a maskable one, and the SVG favicon', () => {
    const { icons } = webManifest('en');
    expect(icons).toEqual(
      expect.arrayContaining([
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ]),
    );
    expect(icons).toHaveLength(appIcons.length + 1);
  });
});
