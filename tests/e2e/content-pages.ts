import { localizePath, type Locale } from '../../src/i18n/locales.ts';

/**
 * Every kind of pre-rendered page, with the heading (its accessible name) a reader sees first in each language.
 * `island`: the page hydrates an island (home's search form); the others ship no JavaScript.
 */
export const contentPages = [
  {
    path: '/',
    heading: { en: 'Cross the strait the easy way', id: 'Menyeberang selat dengan mudah' },
    island: true,
  },
  { path: '/schedule', heading: { en: 'Ferry schedules', id: 'Jadwal kapal feri' } },
  {
    path: '/schedule/batam-centre-harbourfront',
    heading: { en: 'Batam Centre to HarbourFront Centre', id: 'Batam Centre ke HarbourFront Centre' },
  },
  {
    path: '/schedule/tanah-merah-nongsapura',
    heading: {
      en: 'Tanah Merah Ferry Terminal to Nongsapura',
      id: 'Terminal Feri Tanah Merah ke Nongsapura',
    },
  },
  { path: '/about-us', heading: { en: 'About us', id: 'Tentang kami' } },
  { path: '/tnc', heading: { en: 'Terms and Conditions', id: 'Syarat dan Ketentuan' } },
  { path: '/privacy-policy', heading: { en: 'Privacy Policy', id: 'Kebijakan Privasi' } },
  { path: '/contact', heading: { en: 'Contact us', id: 'Hubungi kami' } },
] as const;

export const locales: Locale[] = ['en', 'id'];

export const everyContentPage = contentPages.flatMap((page) =>
  locales.map((locale) => ({
    ...page,
    island: 'island' in page,
    locale,
    url: localizePath(page.path, locale),
    expected: page.heading[locale],
  })),
);
