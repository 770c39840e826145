import type { Context } from 'hono';
import { translate } from '../../i18n/translate.ts';
import { localizeErrors, type ErrorKeys, type RefusalStatus } from '../validation-errors.ts';
import { requestLocale } from './request-locale.ts';

/**
 * A field map of message keys -> the one error shape every API answer uses, localized. `single: 'said'`: a use
 * case's refusal, whose one reason (a wrong password) is said as the message too, as a conflict's is.
 */
export function fieldErrors(
  c: Context,
  errors: ErrorKeys,
  status: RefusalStatus = 400,
  options: { single?: 'said' } = {},
) {
  const locale = requestLocale(c.req.raw);
  const localized = localizeErrors(errors, locale);
  // A conflict, an unknown booking or a closed sailing is one fact worth saying first; bad input gets the general
  // heading, unless a use case gave one reason alone.
  const reasons = Object.values(localized).flat();
  const first = reasons[0];
  const oneFact = status !== 400 || (options.single === 'said' && reasons.length === 1);
  const message = oneFact && first ? first : translate('api_invalid_input', locale);
  return c.json({ message, errors: localized }, status);
}
