import { paymentMethodLabel } from '../../i18n/payment-method.ts';
import { cancellationOffer, checkInOffer, claimOffer, rescheduleOffer } from '../../domain/offers.ts';
import { agencyDate } from '../../domain/agency.ts';
import { formatDate, formatRupiah } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';
import { ticketOn, type BookingView } from '../services/booking-view.ts';
import { offerTickets } from '../services/offer-input.ts';

/** The after-sales tasks a paid booking's order page offers: those some ticket allows at `now`. */
export interface AfterSalesActions {
  checkIn: boolean;
  reschedule: boolean;
  cancel: boolean;
  /** An open ticket still waiting for its sailing. */
  claim: boolean;
}

/** Whether the booking still has a ticket to show at a gate: the e-ticket's download, once every one is cancelled. */
export function hasETickets(view: BookingView): boolean {
  return view.legs.some((leg) => view.passengers.some((p) => ticketOn(p, leg, { cancelled: false })));
}

/**
 * Which after-sales tasks are possible now for at least one ticket, by the same offers the tasks' pages show and
 * their use cases ask again (domain/offers.ts). A checked-in ticket keeps the check-in page on offer: its boarding
 * pass is there.
 */
export function afterSalesActions(view: BookingView, now: Date): AfterSalesActions {
  if (view.status !== 'paid') return { checkIn: false, reschedule: false, cancel: false, claim: false };
  const tickets = offerTickets(view);
  const checkedIn = new Set(tickets.filter((t) => t.status === 'checked_in').map((t) => t.ticketNumber));
  return {
    checkIn: checkInOffer(tickets, now).tickets.some((v) => v.allowed || checkedIn.has(v.ticketNumber)),
    reschedule: rescheduleOffer(tickets, now).tickets.some((v) => v.allowed),
    cancel: cancellationOffer(tickets, now).tickets.some((v) => v.allowed),
    claim: claimOffer(tickets, now).tickets.some((v) => v.allowed),
  };
}

/** Each refund's progress, in the reader's words: in progress (by its date) or paid (on its date). */
export function refundProgress(view: BookingView, locale: Locale): string[] {
  return view.refunds.map((refund) => {
    const amount = formatRupiah(refund.amount, locale);
    const paidBy = refund.method ?? view.payment?.method;
    const method = paidBy ? paymentMethodLabel(paidBy, locale) : '';
    if (refund.path === 'gateway')
      return refund.status === 'done' && refund.paidAt
        ? translate('refund_progress_method_done', locale, {
            amount,
            method,
            date: formatDate(agencyDate(refund.paidAt), locale),
          })
        : translate('refund_progress_method', locale, { amount, method });
    if (refund.gatewayState === 'failed' && refund.status !== 'done')
      return translate('refund_progress_method_failed', locale, { amount, method });
    if (refund.status === 'done' && refund.paidAt)
      return translate('refund_progress_done', locale, {
        amount,
        date: formatDate(agencyDate(refund.paidAt), locale),
      });
    return refund.dueOn
      ? translate('refund_progress_queued', locale, {
          amount,
          date: formatDate(refund.dueOn, locale),
        })
      : translate('order_refund_queued', locale, { amount });
  });
}

/** Back from a reschedule, a cancellation or a claim (303 to the order): say it worked, once, above the order. */
export function orderDoneMessage(query: URLSearchParams, locale: Locale): string | undefined {
  const done = (['rescheduled', 'cancelled', 'claimed'] as const).find((key) => query.has(key));
  const keys = { rescheduled: 'reschedule_done', cancelled: 'cancel_done', claimed: 'claim_done' } as const;
  return done ? translate(keys[done], locale) : undefined;
}
