import * as z from 'zod/mini';

/**
 * Characters no one types into a name or an address on purpose, and that PostgreSQL or a header cannot carry: C0
 * and C1 control characters (NUL among them), the bidirectional overrides and isolates that can disguise a name
 * (U+202A-U+202E, U+2066-U+2069), and halves of a surrogate pair with no other half.
 */
const UNPRINTABLE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isPrintable(value: string): boolean {
  return !UNPRINTABLE.test(value);
}

/** Refuses text with unprintable characters, with a message (an i18n key) the person can act on. */
export const printable = () => z.refine<string>((value) => isPrintable(value), 'error_unprintable');
