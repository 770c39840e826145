import type { APIRoute } from 'astro';
import { localizePath } from '../../../../i18n/locales.ts';
import { bodyTooLarge, readForm } from '../../../../server/http/body-limit.ts';
import { isCrossSite } from '../../../../server/http/same-origin.ts';
import { BOOKING_ID_PATTERN } from '../../../../domain/booking-code.ts';
import { detailsFromForm } from '../../../../server/pages/details-form.ts';
import { runtimeDeps } from '../../../../server/runtime.ts';
import { useCaseContext } from '../../../../server/use-cases/context.ts';
import { saveDetails } from '../../../../server/use-cases/save-details.ts';
import { issuesToErrors, Refused, type ErrorKeys } from '../../../../server/validation-errors.ts';

export const prerender = false;

/**
 * The booking flow's plain form (before or without JavaScript): saves contact and passengers and goes on to the
 * payment page (303). A refusal goes back to the booking with the reasons by field in the address, which the page
 * shows at each field; what was saved before stays.
 */
export const POST: APIRoute = async ({ request, params, redirect, locals }) => {
  const { locale } = locals;
  const id = params.id ?? '';
  // The id goes into the redirect: anything but a booking id's shape is simply not found.
  if (!BOOKING_ID_PATTERN.test(id)) return new Response(null, { status: 404 });
  if (isCrossSite(request)) return new Response(null, { status: 403 });
  const form = await readForm(request);
  if (form === 'tooLarge') return bodyTooLarge(request);
  const back = (errors: ErrorKeys) => {
    const query = new URLSearchParams();
    // Field paths and message keys are ours (the schema's), never typed text; still, only their shapes pass.
    for (const [field, list] of Object.entries(errors))
      for (const e of list)
        if (/^[\w.]{1,64}$/.test(field) && /^\w{1,64}$/.test(e.key)) query.append(field, e.key);
    return redirect(`${localizePath(`/booking/${id}`, locale)}?${query.toString()}#booking-flow`, 303);
  };
  const parsed = saveDetails.input.safeParse(detailsFromForm(form));
  if (!parsed.success) return back(issuesToErrors(parsed.error.issues, true));
  try {
    const ctx = await useCaseContext(runtimeDeps(), request, { locale });
    await saveDetails.run(ctx, { bookingId: id, details: parsed.data });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    if (error.status === 404) return new Response(null, { status: 404 });
    return back(error.errors);
  }
  return redirect(localizePath(`/booking/${id}/payment`, locale), 303);
};
