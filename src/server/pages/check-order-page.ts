import type { Locale } from '../../i18n/locales.ts';
import { localizePath } from '../../i18n/locales.ts';
import { readForm, tooLargeMessage } from '../http/body-limit.ts';
import { isCrossSite } from '../http/same-origin.ts';
import { runtimeDeps } from '../runtime.ts';
import { useCaseContext } from '../use-cases/context.ts';
import { findBooking } from '../use-cases/find-booking.ts';
import { issuesToErrors, localizeErrors, Refused } from '../validation-errors.ts';

export interface CheckOrderState {
  redirect?: string;
  status: number;
  values: { code: string; email: string };
  errors: Record<string, string[]>;
}

/**
 * /booking/check-order: GET shows the form; POST (a plain form: it works without JavaScript) finds the booking and
 * answers 303 to its order page, or the form again with the reason: required fields, the one neutral "not found"
 * (whether the code or the e-mail was wrong), or "too many attempts" (429).
 */
export async function checkOrderPage(
  request: Request,
  locale: Locale,
  address: string,
): Promise<CheckOrderState> {
  const empty = { status: 200, values: { code: '', email: '' }, errors: {} };
  if (request.method !== 'POST' || isCrossSite(request)) return empty;
  const form = await readForm(request);
  if (form === 'tooLarge') return { ...empty, status: 413, errors: { booking: [tooLargeMessage(locale)] } };
  const read = (name: string) => (form.get(name) ?? '').slice(0, 200);
  const values = { code: read('code'), email: read('email') };
  const parsed = findBooking.input.safeParse(values);
  if (!parsed.success)
    return { status: 400, values, errors: localizeErrors(issuesToErrors(parsed.error.issues), locale) };
  try {
    const ctx = await useCaseContext(runtimeDeps(), request, { locale, socketAddress: address });
    const id = await findBooking.run(ctx, parsed.data);
    return { ...empty, redirect: localizePath(`/booking/check-order/${id}`, locale) };
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return { status: error.status, values, errors: localizeErrors(error.errors, locale) };
  }
}
