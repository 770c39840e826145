import { localizePath, type Locale } from '../../src/i18n/locales.ts';

/** Every pre-rendered content page, with the heading a reader sees first in each language. */
export const contentPages = [
  { path: '/', heading: { en: 'Cross the strait the easy way', id: 'Menyeberang selat dengan mudah' } },
  { path: '/about-us', heading: { en: 'About us', id: 'Tentang kami' } },
  { path: '/tnc', heading: { en: 'Terms and Conditions', id: 'Syarat dan Ketentuan' } },
  { path: '/privacy-policy', heading: { en: 'Privacy Policy', id: 'Kebijakan Privasi' } },
  { path: '/contact', heading: { en: 'Contact us', id: 'Hubungi kami' } },
  { path: '/login', heading: { en: 'Log in', id: 'Masuk' } },
] as const;

export const locales: Locale[] = ['en', 'id'];

export const everyContentPage = contentPages.flatMap((page) =>
  locales.map((locale) => ({
    ...page,
    locale,
    url: localizePath(page.path, locale),
    expected: page.heading[locale],
  })),
);
