import { paymentBanks, type PaymentBank } from '../../domain/payment-banks.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { tariffs } from '../db/queries/tariffs.ts';
import { MAX_BODY_BYTES, readForm } from '../http/body-limit.ts';
import { isCrossSite } from '../http/same-origin.ts';
import { runtimeDeps } from '../runtime.ts';
import { bookingView, type BookingView } from '../services/booking-view.ts';
import { BOOKING_ID_PATTERN } from '../../domain/booking-code.ts';
import { effectiveStatus } from '../../domain/booking-lifecycle.ts';
import { useCaseContext } from '../use-cases/context.ts';
import { pay } from '../use-cases/pay.ts';
import { GatewayUnavailable } from '../payments/gateway.ts';
import { issuesToErrors, localizeErrors, refuse, Refused } from '../validation-errors.ts';

export type PaymentPageState =
  | { kind: 'not_found' }
  | { kind: 'redirect'; to: string }
  | {
      kind: 'page';
      status: number;
      /** choose: the method form; instructions: the VA to pay; paid / expired: the outcome. */
      step: 'choose' | 'instructions' | 'paid' | 'expired';
      booking: BookingView;
      banks: { bank: PaymentBank; fee: number }[];
      values: { bank?: string; agree: boolean };
      errors: Record<string, string[]>;
      sandbox: boolean;
    };

function stepOf(booking: BookingView, now: Date): 'choose' | 'instructions' | 'paid' | 'expired' {
  const status = effectiveStatus(booking, now);
  return status === 'held' ? 'choose' : status === 'awaiting_payment' ? 'instructions' : status;
}

/**
 * /booking/{id}/payment: GET shows the step the booking is at (server state, so a reload or another device lands
 * on the same step); POST is the plain form's "Pay" (works before and without JavaScript), answered with a 303 so
 * a reload never pays twice; a refusal renders the form again with the reasons.
 */
export async function paymentPage(request: Request, id: string, locale: Locale): Promise<PaymentPageState> {
  const deps = runtimeDeps();
  if (!BOOKING_ID_PATTERN.test(id)) return { kind: 'not_found' };
  const db = await deps.database();
  const here = localizePath(`/booking/${id}/payment`, locale);
  let errors: Record<string, string[]> = {};
  let status = 200;
  let values: { bank?: string; agree: boolean } = { agree: false };
  if (request.method === 'POST') {
    if (isCrossSite(request)) return { kind: 'redirect', to: here };
    // readForm reads a clone: an unknown booking answers with the 404 page through Astro.rewrite, which needs the
    // body unread.
    const form = await readForm(request);
    const bank = form === 'tooLarge' ? null : form.get('bank');
    values = {
      ...(bank === null ? {} : { bank: bank.slice(0, 32) }),
      agree: form !== 'tooLarge' && form.get('agree') === 'on',
    };
    const parsed = pay.input.safeParse({ bank: values.bank, agree: values.agree });
    try {
      if (form === 'tooLarge')
        throw refuse('gateway', 'api_body_too_large', { kilobytes: MAX_BODY_BYTES / 1024 });
      if (!parsed.success) throw new Refused(400, issuesToErrors(parsed.error.issues));
      const ctx = await useCaseContext(deps, request, { locale });
      await pay.run(ctx, { ...parsed.data, bookingId: id });
      deps.mailQueued?.();
      return { kind: 'redirect', to: here };
    } catch (failure) {
      // The bank could not issue the VA just now: the booking stays held and the form says to try again.
      if (failure instanceof GatewayUnavailable) console.error(failure.message);
      const error =
        failure instanceof GatewayUnavailable ? refuse('gateway', 'payment_error_gateway') : failure;
      if (!(error instanceof Refused)) throw error;
      if (error.status === 404) return { kind: 'not_found' };
      errors = localizeErrors(error.errors, locale);
      status = error.status;
    }
  }
  const booking = await bookingView(db, deps.network, id, locale);
  if (!booking) return { kind: 'not_found' };
  const step = stepOf(booking, deps.clock());
  if (step === 'choose' && (!booking.contact || booking.passengers.length === 0))
    return { kind: 'redirect', to: localizePath(`/booking/${id}`, locale) };
  const rates = await tariffs(db);
  return {
    kind: 'page',
    status,
    step,
    booking,
    banks: paymentBanks.map((bank) => ({ bank, fee: rates.transactionFee(bank) ?? 0 })),
    values,
    errors,
    sandbox: deps.payments.gateway.name === 'sandbox',
  };
}
