import * as m from '../../../../paraglide/messages.js';
import { paymentMethods } from '../../../../domain/payment-methods.ts';
import { qrSvg } from '../../../../server/documents/qr.ts';
import { sandboxCheckoutPath } from '../../../../server/payments/sandbox-checkouts.ts';
import { BOOKING_ID_PATTERN } from '../../../../domain/booking-code.ts';
import { effectiveStatus } from '../../../../domain/booking-lifecycle.ts';
import { localizePath } from '../../../../i18n/locales.ts';
import { tariffs } from '../../../../server/db/queries/tariffs.ts';
import { submitForm } from '../../../../server/http/form-post.ts';
import { keepPrivate } from '../../../../server/http/pages/booking-by-id.ts';
import type { PageAstro } from '../../../../server/http/pages/page-astro.ts';
import { bookingView, type BookingView } from '../../../../server/services/booking-view.ts';
import { pay } from '../../../../server/use-cases/pay.ts';
import { holdTimerProps } from '../../../../server/views/hold-timer-props.ts';

/** choose: the method form; instructions: what the method issued; expired: the outcome (paid: Manage booking). */
function stepOf(booking: BookingView, now: Date): 'choose' | 'instructions' | 'paid' | 'expired' {
  const status = effectiveStatus(booking, now);
  return status === 'held' ? 'choose' : status === 'awaiting_payment' ? 'instructions' : status;
}

/**
 * /booking/{id}/payment, the live state of one booking's payment (the unguessable id in the address is what gives
 * access to it): GET shows the step the booking is at (server state, so a reload or another device lands on the
 * same step); POST is the plain form's "Pay" (works before and without JavaScript) through `submitForm`: a 303 so a
 * reload never pays twice, or the form again with the reasons (a gateway away: 503 with Retry-After, still held).
 * A held booking without its details goes back to the booking page (303), a paid one on to its Manage booking page
 * (303). Undefined: no such booking (404).
 */
export async function servePayment(astro: PageAstro) {
  const { locale } = astro.locals;
  const id = astro.params.id ?? '';
  const deps = astro.locals.deps;
  if (!BOOKING_ID_PATTERN.test(id)) return undefined;
  const db = await deps.database();
  const posted = await submitForm(
    { request: astro.request, locals: { locale } },
    pay,
    { params: { id } },
    deps,
  );
  if (posted instanceof Response) return posted;
  if (posted?.status === 404) return undefined;
  const method = posted?.form.get('method');
  const values = {
    ...(method ? { method: method.slice(0, 32) } : {}),
    agree: posted?.form.get('agree') === 'on',
  };
  const booking = await bookingView(db, deps.network, id, locale);
  if (!booking) return undefined;
  const step = stepOf(booking, deps.clock());
  if (step === 'choose' && (!booking.contact || booking.passengers.length === 0))
    return astro.redirect(localizePath(`/booking/${id}`, locale), 303);
  // Paid: the booking is managed at its own address, which confirms the payment once (`paid`).
  if (step === 'paid') return astro.redirect(`${localizePath(`/booking/${id}`, locale)}?paid`, 303);
  const rates = await tariffs(db);
  const status = posted?.status ?? 200;
  astro.response.status = status;
  // The bank could not issue the VA just now: say when trying again makes sense.
  if (status === 503) astro.response.headers.set('Retry-After', '30');
  keepPrivate(astro.response.headers);
  const payment = booking.payment;
  const returned = new URL(astro.request.url).searchParams.has('returned');
  // Back from the hosted card page before its webhook: without script, the page asks again every 5 seconds.
  if (step === 'instructions' && returned) astro.response.headers.set('Refresh', '5');
  const sandbox = deps.payments.gateway.name === 'sandbox';
  return {
    step,
    booking,
    payment,
    returned,
    qrSvg: payment?.kind === 'qris' ? await qrSvg(payment.qrString, m.payment_qris_alt({}, { locale })) : '',
    simulator:
      sandbox && payment?.kind === 'qris' && payment.gatewayAccountId
        ? sandboxCheckoutPath(payment.gatewayAccountId)
        : undefined,
    methods: paymentMethods.flatMap((option) => {
      const fee = rates.transactionFee(option);
      return fee === undefined ? [] : [{ method: option, fee }];
    }),
    values,
    errors: posted?.errors ?? {},
    sandbox,
    // The hold's countdown on this step too, as on the details' steps: the seats are held until it ends.
    timer:
      step === 'choose' && booking.expiresAt
        ? await holdTimerProps(db, { ...booking, expiresAt: booking.expiresAt }, deps.clock(), locale, false)
        : undefined,
  };
}
