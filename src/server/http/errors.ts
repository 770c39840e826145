import type { Context } from 'hono';
import { translate } from '../../i18n/translate.ts';
import { localizeErrors, type ErrorKeys } from '../validation-errors.ts';
import { requestLocale } from './request-locale.ts';

/** A field map of message keys -> the one error shape every API answer uses, localized. */
export function fieldErrors(c: Context, errors: ErrorKeys, status: 400 | 409 | 422 = 400) {
  const locale = requestLocale(c.req.raw);
  return c.json(
    { message: translate('api_invalid_input', locale), errors: localizeErrors(errors, locale) },
    status,
  );
}
