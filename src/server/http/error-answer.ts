import { HTTPException } from 'hono/http-exception';
import { translate } from '../../i18n/translate.ts';
import type { Locale } from '../../i18n/locales.ts';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable } from '../db/unavailable.ts';
import { log } from '../observability/log.ts';
import { countUnavailable } from '../observability/metrics.ts';
import { CallbackRejected, GatewayUnavailable } from '../payments/gateway.ts';
import { Refused } from '../validation-errors.ts';
import { fieldErrorsBody } from './errors.ts';
import type { PlainAnswer } from './plain-answer.ts';

/**
 * The API's answer to what a route threw, in the reader's language: the app's `onError` (http/app.ts) and the reads
 * the Node server answers itself (http/node-door.ts) both answer through it, so a failure reads the same either way.
 */
export function errorAnswer(error: unknown, locale: Locale): PlainAnswer {
  // A use case's refusal is an answer, not a failure: its status and localized field errors.
  if (error instanceof Refused) {
    const headers: Record<string, string> = {};
    // Busy (rows locked, a deadlock victim) or a gateway away: say when to come back.
    if (error.status === 503) headers['Retry-After'] = '2';
    else if (error.retryAfter !== undefined) headers['Retry-After'] = String(error.retryAfter);
    const body = fieldErrorsBody(error.errors, locale, error.status, { said: error.said });
    return { status: error.status, headers, body };
  }
  // A body Hono's validator could not read (JSON that does not parse): bad input, said in the reader's language.
  if (error instanceof HTTPException && error.status < 500)
    return { status: error.status, headers: {}, body: { message: translate('api_invalid_input', locale) } };
  if (error instanceof CallbackRejected)
    return { status: 401, headers: {}, body: { message: 'callback not authentic' } };
  if (error instanceof GatewayUnavailable) {
    countUnavailable('gateway');
    log.warn({ err: error }, 'payment gateway unavailable');
    const message = translate('payment_error_gateway', locale);
    return { status: 503, headers: { 'Retry-After': '30' }, body: { message } };
  }
  if (databaseUnavailable(error)) {
    countUnavailable('database');
    log.warn({ err: error }, 'database unavailable');
    const headers = { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) };
    return { status: 503, headers, body: { message: translate('api_unavailable', locale) } };
  }
  log.error({ err: error }, 'unexpected error');
  return { status: 500, headers: {}, body: { message: translate('notification_generic_error', locale) } };
}
