import { paymentBanks, type PaymentBank } from '../../domain/payment-banks.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { tariffs } from '../db/queries/tariffs.ts';
import { submitForm } from '../http/form-post.ts';
import { runtimeDeps } from '../runtime.ts';
import { bookingView, type BookingView } from '../services/booking-view.ts';
import { BOOKING_ID_PATTERN } from '../../domain/booking-code.ts';
import { effectiveStatus } from '../../domain/booking-lifecycle.ts';
import { pay } from '../use-cases/pay.ts';

export type PaymentPageState =
  | { kind: 'not_found' }
  | { kind: 'redirect'; to: string }
  /** The plain form's answer as it is: 303 after "Pay", 403 cross-site, 413 too large. */
  | { kind: 'response'; response: Response }
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
 * on the same step); POST is the plain form's "Pay" (works before and without JavaScript) through `submitForm`:
 * a 303 so a reload never pays twice, or the form again with the reasons (a gateway away: 503, still held).
 */
export async function paymentPage(request: Request, id: string, locale: Locale): Promise<PaymentPageState> {
  const deps = runtimeDeps();
  if (!BOOKING_ID_PATTERN.test(id)) return { kind: 'not_found' };
  const db = await deps.database();
  const posted = await submitForm({ request, locals: { locale } }, pay, { params: { id } }, deps);
  if (posted instanceof Response) return { kind: 'response', response: posted };
  if (posted?.status === 404) return { kind: 'not_found' };
  const bank = posted?.form.get('bank');
  const values = { ...(bank ? { bank: bank.slice(0, 32) } : {}), agree: posted?.form.get('agree') === 'on' };
  const booking = await bookingView(db, deps.network, id, locale);
  if (!booking) return { kind: 'not_found' };
  const step = stepOf(booking, deps.clock());
  if (step === 'choose' && (!booking.contact || booking.passengers.length === 0))
    return { kind: 'redirect', to: localizePath(`/booking/${id}`, locale) };
  const rates = await tariffs(db);
  return {
    kind: 'page',
    status: posted?.status ?? 200,
    step,
    booking,
    banks: paymentBanks.map((bank) => ({ bank, fee: rates.transactionFee(bank) ?? 0 })),
    values,
    errors: posted?.errors ?? {},
    sandbox: deps.payments.gateway.name === 'sandbox',
  };
}
