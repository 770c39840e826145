import { CANCELLATION_FEE } from '../../domain/after-sales.ts';
import { refundPathFor } from '../../domain/payment-methods.ts';
import { cancellationOffer } from '../../domain/offers.ts';
import { formatDate, formatRupiah } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';
import type { Network } from '../network.ts';
import { cancellationRefusalCodes } from '../offer-refusals.ts';
import type { BookingView } from '../services/booking-view.ts';
import { offerTickets } from '../services/offer-input.ts';
import type { AgencyCalendar } from '../use-cases/ports.ts';
import { blockedByOffer, ticketChoices, type TicketChoiceLeg } from './ticket-choices.ts';

export interface CancellationQuoteView {
  paid: string;
  fee: string;
  refund: string;
  /** `Refunded to your account by Thursday, 3 December 2026 (7 working days).`; absent with nothing to refund. */
  refundBy?: string;
  /** The refund goes by the agency's transfer, to an account the page asks for (else back to the card or wallet). */
  askAccount: boolean;
  operatorCancelled: boolean;
  /** Every chosen ticket's sailing was delayed by its operator: no fee either. */
  operatorDelayed: boolean;
}

export interface CancellationPage {
  legs: TicketChoiceLeg[];
  cancellable: boolean;
  feePerTicket: string;
  /** Shown once tickets are chosen ("Show the refund", or a refused post): what cancelling them comes to. */
  quote?: CancellationQuoteView;
  /** "Show the refund" was just pressed (`show=refund` in the address): the page opens on its answer. */
  shown: boolean;
  /** "Show the refund" pressed with no ticket ticked: said at the list. */
  noneChosen: boolean;
}

/**
 * What /booking/{id}/cancellation shows of a paid booking at `now`, from its address or refused post (`tickets`):
 * each ticket still travelling, whether it can be cancelled and why not, and for the chosen ones the fee, the refund
 * and the date it is due by. All of it is the cancellation offer (domain/offers.ts), which the use case asks again
 * under its locks.
 */
export function cancellationPage(
  view: BookingView,
  network: Network,
  locale: Locale,
  now: Date,
  choices: URLSearchParams,
  calendar: AgencyCalendar,
): CancellationPage {
  const tickets = offerTickets(view);
  const offer = cancellationOffer(tickets, now);
  const legs = ticketChoices(
    view,
    network,
    locale,
    new Set(choices.getAll('tickets')),
    blockedByOffer(offer.tickets, cancellationRefusalCodes, locale),
  );
  const chosen = legs.flatMap((leg) => leg.tickets.filter((t) => t.chosen).map((t) => t.ticketNumber));
  const shown = choices.get('show') === 'refund';
  const base = {
    legs,
    shown,
    noneChosen: shown && chosen.length === 0,
    cancellable: offer.tickets.some((verdict) => verdict.allowed),
    feePerTicket: formatRupiah(CANCELLATION_FEE, locale),
  };
  const quote = cancellationOffer(tickets, now, chosen).choice;
  if (!quote) return base;
  const due = calendar.refundDueOn(now);
  // Where the money goes, as the use case decides it: back to the card or wallet that paid while the gateway can.
  const payment = view.payment?.status === 'paid' ? view.payment : undefined;
  const path = payment ? refundPathFor(payment.method, payment.paidAt ?? now, now) : 'bank_transfer';
  const refundBy =
    path === 'gateway' && payment
      ? translate(payment.method === 'qris' ? 'cancel_refund_to_qris' : 'cancel_refund_to_card', locale)
      : translate('cancel_refund_by', locale, { date: formatDate(due, locale) });
  return {
    ...base,
    quote: {
      paid: formatRupiah(quote.paid, locale),
      fee: formatRupiah(quote.fee, locale),
      refund: formatRupiah(quote.refund, locale),
      ...(quote.refund > 0 ? { refundBy } : {}),
      askAccount: quote.refund > 0 && path === 'bank_transfer',
      operatorCancelled: quote.operatorCancelled,
      operatorDelayed: quote.operatorDelayed,
    },
  };
}
