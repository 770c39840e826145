import type { AstroCookies } from 'astro';
import { localizePath } from '../../../i18n/locales.ts';
import { formOf, submitForm, type FormPage } from '../form-post.ts';
import { findBooking } from '../../use-cases/find-booking.ts';

export interface CheckOrderState {
  status: number;
  values: { code: string; email: string };
  errors: Record<string, string[]>;
}

/**
 * /booking/check-order and /booking/check-in-online: GET shows the form; POST (a plain form: it works without
 * JavaScript) finds the booking and answers 303 to its order page (or its check-in page), or the form again with the
 * reason: required fields, the one neutral "not found" (whether the code or the email was wrong), or "too many
 * attempts" (429).
 */
export async function checkOrderPage(
  page: FormPage & { cookies: AstroCookies },
  destination: (id: string) => string = (id) => `/booking/${id}`,
): Promise<CheckOrderState | Response> {
  const { locale } = page.locals;
  // formOf: Astro keeps the request in a getter, which a spread would drop; the cookies keep the grant it gives.
  const posted = await submitForm(formOf(page), findBooking, {
    next: (found) => localizePath(destination(found.id), locale),
  });
  if (posted instanceof Response) return posted;
  if (!posted) return { status: 200, values: { code: '', email: '' }, errors: {} };
  const read = (name: string) => (posted.form.get(name) ?? '').slice(0, 200);
  return {
    status: posted.status,
    values: { code: read('code'), email: read('email') },
    errors: posted.errors,
  };
}
