import type { Context } from 'hono';
import { translate } from '../../i18n/translate.ts';
import { requestLocale } from './request-locale.ts';

/** A field map of message keys (with parameters) -> the one error shape every API answer uses, localized. */
export function fieldErrors(
  c: Context,
  errors: Record<string, { key: string; params?: Record<string, unknown> }[]>,
  status: 400 | 409 | 422 = 400,
) {
  const locale = requestLocale(c.req.raw);
  const localized = Object.fromEntries(
    Object.entries(errors).map(([field, list]) => [
      field,
      list.map((e) => translate(e.key, locale, e.params)),
    ]),
  );
  return c.json({ message: translate('api_invalid_input', locale), errors: localized }, status);
}

/** Zod issues (messages are keys) grouped by their first path segment. */
export function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, { key: string }[]> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'query');
    (errors[field] ??= []).push({ key: issue.message });
  }
  return errors;
}
