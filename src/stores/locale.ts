import { persistentAtom } from '@nanostores/persistent';
import { isLocale, type Locale } from '../i18n/locales.ts';

/**
 * The language the traveller chose with the language switch, kept in local storage so the next visit opens in it.
 * Empty until they choose: the site then follows the URL (English at `/`).
 */
export const $preferredLocale = persistentAtom<Locale | ''>('segara:locale', '', {
  encode: (value) => value,
  decode: (raw) => (isLocale(raw) ? raw : ''),
});
