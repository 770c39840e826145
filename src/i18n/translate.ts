import * as m from '../paraglide/messages.js';
import type { Locale } from './locales.ts';

type MessageFunction = (inputs: Record<string, unknown>, options: { locale: Locale }) => string;
const catalogue = m as unknown as Record<string, MessageFunction | undefined>;

/** A key of the message catalogue: a key that is not in both catalogues fails the type check. */
export type MessageKey = {
  [K in keyof typeof m]: (typeof m)[K] extends (...args: never[]) => string ? K : never;
}[keyof typeof m];

/**
 * A message by a key the code names (`translate('mail_greeting', locale, { name })`), for code that picks among
 * several keys; a page or island with a fixed message calls `m.key()` directly.
 */
export function translate(key: MessageKey, locale: Locale, params: Record<string, unknown> = {}): string {
  return messageFromData(key, locale, params);
}

/**
 * A message by a key that arrives as data (a schema's issue, a refusal's code): unknown keys come back unchanged,
 * so a missing message shows its key rather than nothing.
 */
export function messageFromData(key: string, locale: Locale, params: Record<string, unknown> = {}): string {
  const message = catalogue[key];
  return typeof message === 'function' ? message(params, { locale }) : key;
}

/**
 * An island's words: each key's message in `locale`, by key (islands carry no catalogue). Lists typed `MessageKey[]`
 * are checked against the catalogue; keys that arrive as data (a form's error keys) pass unchecked. Placeholders
 * given in `params` as themselves (`{ example: '{example}' }`) stay for the island to fill in.
 */
export function messagesFor(
  keys: readonly string[],
  locale: Locale,
  params: Record<string, unknown> = {},
): Record<string, string> {
  return Object.fromEntries(keys.map((key) => [key, messageFromData(key, locale, params)]));
}
