import { translate } from '../i18n/translate.ts';
import type { Locale } from '../i18n/locales.ts';

/** Refusals per field as message keys (with parameters), before they are put in the reader's language. */
export type ErrorKeys = Record<string, { key: string; params?: Record<string, unknown> }[]>;

/**
 * Zod issues (messages are keys) grouped by their first path segment, or by the whole path (`passengers.0.fullName`)
 * for nested payloads whose forms show each error at its own field.
 */
export function issuesToErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fullPath = false,
): ErrorKeys {
  const errors: ErrorKeys = {};
  for (const issue of issues) {
    const field = (fullPath ? issue.path.map(String).join('.') : String(issue.path[0] ?? '')) || 'query';
    (errors[field] ??= []).push({ key: issue.message });
  }
  return errors;
}

/** The same map with every key written out in `locale`: what the API and the pages show. */
export function localizeErrors(errors: ErrorKeys, locale: Locale): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, list]) => [
      field,
      list.map((e) => translate(e.key, locale, e.params)),
    ]),
  );
}

/**
 * How a refusal answers over HTTP: bad input, unknown, conflict with the current state, too late/closed, too many
 * attempts, or a service behind us (the payment gateway) that could not answer just now.
 */
export type RefusalStatus = 400 | 404 | 409 | 413 | 422 | 429 | 503;

/**
 * A use case said no for a reason the person can act on: an HTTP status plus the message keys per field. Services
 * throw it; routes and pages turn it into a localized answer (never a 500).
 */
export class Refused extends Error {
  readonly status: RefusalStatus;
  readonly errors: ErrorKeys;
  constructor(status: RefusalStatus, errors: ErrorKeys) {
    super(`refused (${String(status)})`);
    this.status = status;
    this.errors = errors;
  }
}

/** The common one-field refusal: `refuse(409, 'booking', 'booking_error_not_editable')`. */
export function refuse(status: RefusalStatus, field: string, key: string, params?: Record<string, unknown>) {
  return new Refused(status, { [field]: [params ? { key, params } : { key }] });
}
