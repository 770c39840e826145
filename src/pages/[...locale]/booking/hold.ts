import type { APIRoute } from 'astro';
import { localizePath } from '../../../i18n/locales.ts';
import { bodyTooLarge, readForm } from '../../../server/http/body-limit.ts';
import { isCrossSite } from '../../../server/http/same-origin.ts';
import { runtimeDeps } from '../../../server/runtime.ts';
import { useCaseContext } from '../../../server/use-cases/context.ts';
import { hold } from '../../../server/use-cases/hold-seats.ts';
import { Refused } from '../../../server/validation-errors.ts';

export const prerender = false;

const searchFields = ['trip', 'from', 'to', 'date', 'returnDate', 'adults', 'children', 'infants'];
const SEARCH_VALUE = /^[\w-]{1,16}$/;
const MESSAGE_KEY = /^\w{1,64}$/;

/**
 * "Continue" on /booking/schedule without JavaScript: a plain POST that holds the chosen sailings and sends the
 * traveller to the booking (303, so a reload does not post again). A refusal goes back to the same search with the
 * reason, which the schedule page shows next to the sailings.
 */
export const POST: APIRoute = async ({ request, redirect, clientAddress, locals }) => {
  const { locale } = locals;
  if (isCrossSite(request)) return new Response(null, { status: 403 });
  const form = await readForm(request);
  if (form === 'tooLarge') return bodyTooLarge(request);
  const values = Object.fromEntries(form);
  // Back to the same search: only values shaped like search fields (codes, dates, counts) and a message key go
  // into the address, never what was typed as such (a 100 KB field, CR/LF or emoji would make a broken header).
  const back = (reason: string) => {
    const query = new URLSearchParams(
      searchFields.flatMap((name) => {
        const value = values[name];
        return value && SEARCH_VALUE.test(value) ? [[name, value]] : [];
      }),
    );
    query.set('holdError', MESSAGE_KEY.test(reason) ? reason : 'hold_error_out');
    return redirect(`${localizePath('/booking/schedule', locale)}?${query.toString()}#continue`, 303);
  };
  const parsed = hold.input.safeParse(values);
  if (!parsed.success) return back(parsed.error.issues[0]?.message ?? 'hold_error_out');
  try {
    const ctx = await useCaseContext(runtimeDeps(), request, { locale, socketAddress: clientAddress });
    const held = await hold.run(ctx, parsed.data);
    return redirect(localizePath(`/booking/${held.id}`, locale), 303);
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return back(Object.values(error.errors)[0]?.[0]?.key ?? 'hold_error_out');
  }
};
