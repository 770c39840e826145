import { CANCELLATION_FEE, cancellationQuote, cancellationRefusal } from '../../domain/after-sales.ts';
import { paidForTicket } from '../../domain/pricing.ts';
import { formatLongDate, formatRupiah } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';
import { refundDueOn } from '../calendar/indonesian-holidays.ts';
import type { Network } from '../network.ts';
import { departureOf, type BookingView } from '../services/booking-view.ts';
import { cancellationRefusalCodes } from '../offer-refusals.ts';
import { ticketChoices, type TicketChoiceLeg } from './ticket-choices.ts';

export interface CancellationQuoteView {
  paid: string;
  fee: string;
  refund: string;
  /** `Refunded to your account by Thursday, 3 December 2026 (7 working days).`; absent with nothing to refund. */
  refundBy?: string;
  operatorCancelled: boolean;
}

export interface CancellationPage {
  legs: TicketChoiceLeg[];
  cancellable: boolean;
  feePerTicket: string;
  /** Shown once tickets are chosen ("Show the refund", or a refused post): what cancelling them comes to. */
  quote?: CancellationQuoteView;
}

/**
 * What /booking/{id}/cancellation shows of a paid booking at `now`, from its address or refused post (`tickets`):
 * each ticket still travelling, whether it can be cancelled and why not, and for the chosen ones the fee, the refund
 * and the date it is due by. The use case computes the same under its locks (domain/after-sales.ts).
 */
export function cancellationPage(
  view: BookingView,
  network: Network,
  locale: Locale,
  now: Date,
  choices: URLSearchParams,
): CancellationPage {
  const legs = ticketChoices(view, network, locale, new Set(choices.getAll('tickets')), (ticket, leg) => {
    const refusal = cancellationRefusal(ticket, departureOf(view, leg, now), now, leg.sailingCancelled);
    return refusal && translate(cancellationRefusalCodes[refusal], locale);
  });
  const chosen = legs.flatMap((leg) =>
    leg.tickets
      .filter((ticket) => ticket.chosen)
      .map((ticket) => ({
        paid: paidForTicket(view.price, ticket.leg.leg, ticket.passenger.category),
        operatorCancelled: ticket.leg.sailingCancelled,
      })),
  );
  const base = {
    legs,
    cancellable: legs.some((leg) => leg.tickets.some((ticket) => !ticket.blocked)),
    feePerTicket: formatRupiah(CANCELLATION_FEE, locale),
  };
  if (chosen.length === 0) return base;
  const quote = cancellationQuote(chosen);
  const due = refundDueOn(now);
  return {
    ...base,
    quote: {
      paid: formatRupiah(quote.paid, locale),
      fee: formatRupiah(quote.fee, locale),
      refund: formatRupiah(quote.refund, locale),
      ...(quote.refund > 0
        ? {
            refundBy: translate('cancel_refund_by', locale, {
              date: formatLongDate(new Date(`${due}T00:00:00Z`), locale),
            }),
          }
        : {}),
      operatorCancelled: chosen.every((ticket) => ticket.operatorCancelled),
    },
  };
}
