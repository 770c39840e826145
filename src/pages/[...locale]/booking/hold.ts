import type { APIRoute } from 'astro';
import { localizePath } from '../../../i18n/locales.ts';
import { holdRequestSchema } from '../../../schemas/hold.ts';
import { clientAddress as addressOf } from '../../../server/http/client-address.ts';
import { bodyTooLarge, readForm } from '../../../server/http/body-limit.ts';
import { isCrossSite } from '../../../server/http/same-origin.ts';
import { runtimeDeps } from '../../../server/runtime.ts';
import { createHold } from '../../../server/services/create-hold.ts';
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
  const parsed = holdRequestSchema.safeParse(values);
  if (!parsed.success) return back(parsed.error.issues[0]?.message ?? 'hold_error_out');
  const deps = runtimeDeps();
  try {
    await deps.rateLimits.holds.take(addressOf(request, deps.proxyHops ?? 0, clientAddress));
    const hold = await createHold(parsed.data, {
      db: await deps.database(),
      network: deps.network,
      now: deps.clock(),
      locale,
      lockSeats: deps.lockSeats ?? true,
    });
    return redirect(localizePath(`/booking/${hold.id}`, locale), 303);
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return back(Object.values(error.errors)[0]?.[0]?.key ?? 'hold_error_out');
  }
};
