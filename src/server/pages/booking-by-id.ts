import { BOOKING_ID_PATTERN } from '../../domain/booking-code.ts';
import type { Locale } from '../../i18n/locales.ts';
import { submitForm, type FormPage, type FormRefusal, type FormUseCase } from '../http/form-post.ts';
import { runtimeDeps } from '../runtime.ts';
import { bookingView, type BookingView } from '../services/booking-view.ts';

/**
 * The booking a page's address names (`/booking/{id}...`), in the page's language; undefined for an unknown or
 * malformed id. The unguessable id is what gives access, so pages showing it also send `noStoreHeaders`.
 */
export async function bookingById(id: string | undefined, locale: Locale): Promise<BookingView | undefined> {
  if (!id || !BOOKING_ID_PATTERN.test(id)) return undefined;
  const deps = runtimeDeps();
  return bookingView(await deps.database(), deps.network, id, locale);
}

/** Never cached, and the id never leaves in a Referer to another site. */
export function keepPrivate(headers: Headers): void {
  headers.set('Cache-Control', 'no-store');
  headers.set('Referrer-Policy', 'no-referrer');
}

/**
 * A booking's task page (check in, reschedule, cancel, claim) with its own form: runs the use case when the form was
 * posted (success answers 303, returned as is), then reads the booking the address names, in the page's language.
 * Found, the answer is made private and carries the refused post's status; not found, `booking` is undefined and the
 * page answers its 404.
 */
export async function bookingTaskPage<Input, Output>(
  page: FormPage & { response: { status?: number; headers: Headers } },
  id: string,
  useCase: FormUseCase<Input, Output>,
): Promise<Response | { booking: BookingView | undefined; posted: FormRefusal | undefined }> {
  const posted = await submitForm(page, useCase);
  if (posted instanceof Response) return posted;
  const booking = await bookingById(id, page.locals.locale);
  if (booking) {
    keepPrivate(page.response.headers);
    page.response.status = posted?.status ?? 200;
  }
  return { booking, posted };
}
