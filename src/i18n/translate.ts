import * as m from '../paraglide/messages.js';
import type { Locale } from './locales.ts';

type MessageFunction = (inputs: Record<string, unknown>, options: { locale: Locale }) => string;
const catalogue = m as unknown as Record<string, MessageFunction | undefined>;

/** A message by key, for keys that arrive as data (validation issues); unknown keys come back unchanged. */
export function translate(key: string, locale: Locale, params: Record<string, unknown> = {}): string {
  const message = catalogue[key];
  return typeof message === 'function' ? message(params, { locale }) : key;
}
