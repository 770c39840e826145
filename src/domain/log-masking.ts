/**
 * What a log line may say about a person: nothing that names them. The log goes to the operator's collector and
 * stays there, so e-mail addresses, phone numbers and passport numbers are masked wherever they appear (under a
 * key that names them or inside any text, an error message included), and secrets are hidden as in the audit log
 * (domain/audit.ts holds those rules; this adds what the audit log may keep and a log may not). Pure.
 */
import { HIDDEN, maskForAudit, maskedPassport } from './audit.ts';

/** An address as the log keeps it: the first character and the domain (`j•••@gmail.com`), enough to see a pattern. */
export function maskedEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return HIDDEN;
  return `${address.slice(0, 1)}•••${address.slice(at)}`;
}

/** A phone number as the log keeps it: its last 3 digits (`•••789`). */
export function maskedPhone(phone: string): string {
  const digits = phone.replaceAll(/\D/g, '');
  return digits.length < 6 ? HIDDEN : `•••${digits.slice(-3)}`;
}

const EMAIL_IN_TEXT = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
/**
 * A phone number inside text: `+` or a leading 0, then 8 to 15 digits, spaces or dashes between. ISO dates
 * (`2026-11-27`), ports and durations do not start so; a UUID's groups are not all digits.
 */
const PHONE_IN_TEXT = /(?<![\p{L}\p{N}._:/-])(?:\+|0)\d(?:[ -]?\d){6,14}(?![\p{L}\p{N}])/gu;
/**
 * Drizzle puts a failed query's parameters (a passenger's passport, an address) into its error's message, and so
 * into its stack: hidden up to the stack's first frame, since a value may itself hold line breaks.
 */
const QUERY_PARAMS = /\n?params: [\s\S]*?(?=\n\s+at |$)/g;
/** PostgreSQL's detail of a violated key names the values: `Key (email)=(a@b.c) already exists`. */
const KEY_VALUES = /(\([^()]*\))=\([^\n]*?\)(?= already| is not|\.|$)/gm;
/** A violated NOT NULL or CHECK: `Failing row contains (Siti Rahma, A1234567, ...)`, the whole row. */
const FAILING_ROW = /(Failing row contains )\([\s\S]*?\)(?=\.?(\n|$))/g;

/** Text as a log may keep it: addresses, phone numbers, a query's parameters and a key's values masked. */
export function maskText(text: string): string {
  return text
    .replaceAll(QUERY_PARAMS, ' params: [hidden]')
    .replaceAll(KEY_VALUES, `$1=(${HIDDEN})`)
    .replaceAll(FAILING_ROW, `$1(${HIDDEN})`)
    .replaceAll(EMAIL_IN_TEXT, (address) => maskedEmail(address))
    .replaceAll(PHONE_IN_TEXT, (phone) => maskedPhone(phone));
}

const EMAIL_KEY = /e-?mail|recipient/i;
const PHONE_KEY = /phone|whatsapp/i;
/** Any key naming a passport's number, including a bare `passport` (a form's field). */
const PASSPORT_KEY = /passport(_?number|_?no)?$/i;
/**
 * A failed query's values (Drizzle's `params`, PostgreSQL's `parameters`; a passport number is in no pattern) and
 * PostgreSQL's context of a failure inside a function (`where`, `internalQuery`), which may quote them.
 */
const QUERY_VALUES_KEY = /^(params|parameters|where|internalQuery)$/i;
/** A mail's Message-ID looks like an address (`<uuid@host>`) but names the message, not a person: kept. */
const MESSAGE_ID_KEY = /^message_?id$/i;

/** An error as a plain record (its message and stack are not enumerable, so a copy of its fields would lose them). */
function errorRecord(error: Error, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  const { name, message, stack } = error;
  const extra = Object.entries(error).filter(([key]) => key !== 'cause');
  const fields = Object.fromEntries(extra.map(([key, child]) => [key, plain(child, depth + 1, seen)]));
  const cause = plain(error.cause, depth + 1, seen);
  return { ...fields, type: name, message, stack, ...(cause === undefined ? {} : { cause }) };
}

/**
 * A copy of the fields to mask, as a tree: errors as records, anything deeper than 8 levels or met again (a cycle)
 * cut short, so masking always ends.
 */
function plain(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (depth > 8 || seen.has(value)) return '[cut]';
  seen.add(value);
  if (value instanceof Error) return errorRecord(value, depth, seen);
  if (Array.isArray(value)) return value.map((item) => plain(item, depth + 1, seen));
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, plain(child, depth + 1, seen)]),
  );
}

function maskPersonal(value: unknown, key: string): unknown {
  if (QUERY_VALUES_KEY.test(key)) return HIDDEN;
  if (typeof value === 'string') {
    if (MESSAGE_ID_KEY.test(key)) return value;
    if (EMAIL_KEY.test(key)) return maskedEmail(value);
    if (PHONE_KEY.test(key)) return maskedPhone(value);
    if (PASSPORT_KEY.test(key)) return maskedPassport(value);
    return maskText(value);
  }
  if (Array.isArray(value)) return value.map((item) => maskPersonal(item, key));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([childKey, child]) => [childKey, maskPersonal(child, childKey)]),
    );
  return value;
}

/**
 * A log line's fields as they may be written: errors as records, secrets hidden and passport numbers masked (the
 * audit rules), then e-mail addresses and phone numbers masked by key and inside every text.
 */
export function maskForLog(fields: Record<string, unknown>): Record<string, unknown> {
  return maskPersonal(maskForAudit(plain(fields)), '') as Record<string, unknown>;
}
