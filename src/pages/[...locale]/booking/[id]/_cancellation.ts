import * as m from '../../../../paraglide/messages.js';
import { localizePath, type Locale } from '../../../../i18n/locales.ts';
import { bookingTaskPage } from '../../../../server/http/pages/booking-by-id.ts';
import { cancellationPage } from '../../../../server/views/cancellation-page.ts';
import type { PageAstro } from '../../../../server/http/pages/page-astro.ts';
import { useCasePorts } from '../../../../server/http/use-case-ports.ts';
import { cancelBookingTickets } from '../../../../server/use-cases/cancel-tickets.ts';

/** The refund account's fields, in the order a bank form asks them. */
const accountFields = (locale: Locale) => {
  const t = { locale };
  return [
    { name: 'accountHolder', label: m.cancel_account_holder({}, t), autocomplete: 'name' },
    { name: 'bank', label: m.cancel_bank({}, t), autocomplete: 'off' },
    {
      name: 'accountNumber',
      label: m.cancel_account_number({}, t),
      autocomplete: 'off',
      inputmode: 'numeric',
    },
  ] as const;
};

/**
 * /booking/{id}/cancellation, cancel tickets of one booking by its unguessable id (as its order page). One plain
 * form: "Show the refund" sends the chosen tickets in the address (GET) and the fee, refund and its date appear with
 * the refund account's fields; "Cancel tickets" posts; done, the order page (303) shows the refund's progress;
 * refused, the reasons at their fields with everything typed kept. A browser that has not proven the booking goes
 * to its verify page first (bookingTaskPage). Undefined: no such booking (the page answers 404).
 */
export async function serveCancellation(astro: PageAstro) {
  const { locale } = astro.locals;
  const id = astro.params.id ?? '';
  const task = await bookingTaskPage(astro, id, cancelBookingTickets, 'cancel');
  if (task instanceof Response) return task;
  const { booking, posted, choices } = task;
  if (!booking) return undefined;
  const deps = astro.locals.deps;
  const state =
    booking.status === 'paid'
      ? cancellationPage(booking, deps.network, locale, deps.clock(), choices, useCasePorts.calendar)
      : undefined;
  const errors = posted?.errors ?? {};
  return {
    id,
    self: localizePath(`/booking/${id}/cancellation`, locale),
    booking,
    choices,
    state,
    errors,
    // A refusal about the whole form (no field of its own) is said once above it.
    general: [...(errors.tickets ?? []), ...(errors.booking ?? []), ...(errors.agree ?? [])][0],
    account: accountFields(locale),
  };
}
