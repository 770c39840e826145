import type { Context } from 'hono';
import { translate } from '../../i18n/translate.ts';
import type { Locale } from '../../i18n/locales.ts';
import { localizeErrors, type ErrorKeys, type RefusalStatus } from '../validation-errors.ts';
import { requestLocale } from './request-locale.ts';

/**
 * A field map of message keys -> the one error shape every API answer uses, localized. `said`: a refusal whose one
 * reason (a failed login) is said as the message too, as a conflict's is.
 */
export function fieldErrors(
  c: Context,
  errors: ErrorKeys,
  status: RefusalStatus = 400,
  options: { said?: boolean } = {},
) {
  return c.json(fieldErrorsBody(errors, requestLocale(c.req.raw), status, options), status);
}

/** The body of that answer, in `locale`. */
export function fieldErrorsBody(
  errors: ErrorKeys,
  locale: Locale,
  status: RefusalStatus = 400,
  options: { said?: boolean } = {},
) {
  const localized = localizeErrors(errors, locale);
  // A conflict, an unknown booking or a closed sailing is one fact worth saying first; bad input gets the general
  // heading.
  const first = Object.values(localized).flat()[0];
  const oneFact = status !== 400 || options.said === true;
  const message = oneFact && first ? first : translate('api_invalid_input', locale);
  return { message, errors: localized };
}
