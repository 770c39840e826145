import { localizePath, type Locale } from '../../i18n/locales.ts';

/** Where to go after logging in: a page of this site the login was asked from, else My booking. */
export function afterLogin(next: string | null, locale: Locale): string {
  const local = next && /^\/(?![/\\])[\w\-/.?=&%]*$/.test(next) ? next : undefined;
  return local ?? localizePath('/my-booking', locale);
}
