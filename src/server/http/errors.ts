import type { Context } from 'hono';
import { translate } from '../../i18n/translate.ts';
import { localizeErrors, type ErrorKeys, type RefusalStatus } from '../validation-errors.ts';
import { requestLocale } from './request-locale.ts';

/** A field map of message keys -> the one error shape every API answer uses, localized. */
export function fieldErrors(c: Context, errors: ErrorKeys, status: RefusalStatus = 400) {
  const locale = requestLocale(c.req.raw);
  const localized = localizeErrors(errors, locale);
  // A conflict, an unknown booking or a closed sailing is one fact worth saying first; bad input gets the general
  // heading.
  const first = Object.values(localized)[0]?.[0];
  const message = status !== 400 && first ? first : translate('api_invalid_input', locale);
  return c.json({ message, errors: localized }, status);
}
