import { usesBillPayment } from '../../domain/payment-banks.ts';
import { agencyTime } from '../../domain/agency.ts';
import { formatDate, formatRupiah } from '../../i18n/format.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { translate, type MessageKey } from '../../i18n/translate.ts';
import { paymentMethodLabel } from '../../i18n/payment-method.ts';
import type { BookingLegView, BookingView, LocalTime } from '../services/booking-view.ts';
import { ticketSailing } from '../views/ticket-sailing.ts';
import type { TripCard } from '../views/trip-card.ts';
import { renderMail, type Block, type Row } from './mail-layout.ts';
import { tripCardBlocks } from './trip-card-blocks.ts';
import type { MailAttachment } from './transport.ts';

/** A composed e-mail: the transport adds From and To. */
export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface MailLinks {
  /** The site's public origin, without a trailing slash: `https://segaraferry.example`. */
  siteUrl: string;
}

/** Sent when the traveller presses Pay: where and how much to pay, and by when. */
export function bookingCreatedMail(view: BookingView, links: MailLinks): ComposedMail {
  const { payment, locale } = view;
  if (!payment) throw new Error(`booking ${view.code} has no payment to mail`);
  const t = translator(locale);
  const method: Row = [t('mail_payment_method'), paymentMethodLabel(payment.method, locale)];
  // A card or QRIS is paid on the payment page (the hosted card page, the QR): the link below leads there.
  const paymentRows: Row[] =
    payment.kind !== 'virtual_account'
      ? [method]
      : usesBillPayment(payment.bank)
        ? [
            method,
            [t('mail_biller_code'), payment.billerCode ?? '', true],
            [t('mail_bill_key'), payment.accountNumber, true],
          ]
        : [method, [t('mail_va_number'), payment.accountNumber, true]];
  const blocks: Block[] = [
    greeting(view),
    { kind: 'paragraph', text: t('mail_created_intro') },
    { kind: 'rows', rows: [[t('booking_code_label'), view.code, true]] },
    { kind: 'heading', text: t('mail_payment_title') },
    {
      kind: 'rows',
      rows: [
        ...paymentRows,
        [t('mail_amount'), formatRupiah(payment.amount, locale), true],
        [t('mail_deadline'), jakartaTime(payment.expiresAt, locale), true],
      ],
    },
    {
      kind: 'paragraph',
      text: t(payment.kind === 'virtual_account' ? 'mail_amount_note' : 'mail_pay_on_page_note'),
    },
    {
      kind: 'link',
      label: t('mail_payment_link'),
      url: siteLink(links, `/booking/${view.id}/payment`, locale),
    },
    { kind: 'paragraph', text: t('mail_created_expiry_note') },
    ...tripBlocks(view),
    ...footer(locale),
  ];
  return renderMail(locale, t('mail_created_subject', { code: view.code }), blocks, {
    bookingCode: view.code,
  });
}

const mailTexts = {
  paid: { subject: 'mail_paid_subject', intro: 'mail_paid_intro' },
  rescheduled: { subject: 'mail_rescheduled_subject', intro: 'mail_rescheduled_intro' },
  claimed: { subject: 'mail_claimed_subject', intro: 'mail_claimed_intro' },
} as const;

/**
 * Sent once the payment is in: the trip card (times, deadlines and where to check in, per leg), tickets, price and
 * the rules at the terminal, with the e-ticket PDF. `card` is the booking's trip card in its own language. The same
 * mail, as `rescheduled`, carries the new e-tickets after a reschedule (with any fee owed at the counter).
 */
export function bookingPaidMail(
  view: BookingView,
  links: MailLinks,
  eTicketPdf: Uint8Array,
  card: TripCard,
  occasion: 'paid' | 'rescheduled' | 'claimed' = 'paid',
): ComposedMail {
  const { locale } = view;
  const t = translator(locale);
  const email = view.contact?.email;
  if (!email) throw new Error(`booking ${view.code} has no contact e-mail`);
  const legName = (leg: number) => {
    const found = view.legs.find((l) => l.leg === leg);
    return found ? t('mail_route', { from: found.from, to: found.to }) : String(leg + 1);
  };
  const summary: Row[] = [
    [t('booking_code_label'), view.code, true],
    [t('mail_amount_paid'), formatRupiah(view.payment?.amount ?? view.price.total, locale)],
  ];
  if (view.paidAt) summary.push([t('mail_paid_at'), jakartaTime(view.paidAt, locale)]);
  const blocks: Block[] = [
    greeting(view),
    { kind: 'paragraph', text: t(mailTexts[occasion].intro) },
    { kind: 'rows', rows: summary },
    ...tripCardBlocks(card, locale, links.siteUrl),
    { kind: 'heading', text: t('mail_passengers_title') },
    ...view.passengers.flatMap((passenger, index): Block[] => [
      {
        kind: 'subheading',
        text: `${String(index + 1)}. ${passenger.fullName} (${t(`price_category_${passenger.category}`)})`,
      },
      {
        kind: 'rows',
        rows: [
          [t('mail_eticket_number'), passenger.eTicketNumber ?? '', true],
          ...passenger.tickets
            .filter((ticket) => ticket.status !== 'rescheduled' && ticket.status !== 'cancelled')
            .flatMap((ticket): Row[] => [
              // The ticket's own sailing: after a reschedule, who sails when.
              [
                t('mail_ticket_number_leg', { route: ticketSailing(view, ticket, locale) }),
                ticket.ticketNumber,
              ],
              ...(ticket.counterFee > 0
                ? [
                    [
                      '',
                      t('reschedule_counter_fee_due', { fee: formatRupiah(ticket.counterFee, locale) }),
                    ] as Row,
                  ]
                : []),
            ]),
        ],
      },
    ]),
    { kind: 'heading', text: t('booking_price_title') },
    ...view.price.legs.flatMap((price, index): Block[] => [
      { kind: 'subheading', text: legName(index) },
      {
        kind: 'rows',
        rows: [
          [t('price_ticket'), formatRupiah(price.subtotal.ticket, locale)],
          [t('price_terminal_fee'), formatRupiah(price.subtotal.terminalFee, locale)],
          [t('price_surcharge'), formatRupiah(price.subtotal.surcharge, locale)],
        ],
      },
    ]),
    {
      kind: 'rows',
      rows: [
        [t('mail_transaction_fee'), formatRupiah(view.price.transactionFee, locale)],
        [t('mail_total'), formatRupiah(view.price.total, locale), true],
      ],
    },
    { kind: 'heading', text: t('mail_rules_title') },
    {
      kind: 'list',
      items: [t('mail_rule_baggage'), t('mail_rule_baggage_check_in'), t('mail_rule_boarding_gate')],
    },
    { kind: 'heading', text: t('mail_check_order_title') },
    { kind: 'paragraph', text: t('mail_check_order_text', { code: view.code, email }) },
    {
      kind: 'link',
      label: t('mail_check_order_link'),
      url: siteLink(links, '/booking/check-order', locale),
    },
    ...footer(locale),
  ];
  return {
    ...renderMail(locale, t(mailTexts[occasion].subject, { code: view.code }), blocks, {
      bookingCode: view.code,
    }),
    attachments: [
      { filename: `e-ticket-${view.code}.pdf`, content: eTicketPdf, contentType: 'application/pdf' },
    ],
  };
}

/** Sent when an unpaid booking reaches its deadline: it expired and its seats are on sale again. */
export function bookingExpiredMail(view: BookingView, links: MailLinks): ComposedMail {
  const { locale } = view;
  const t = translator(locale);
  const deadline = view.payment?.expiresAt ?? view.expiresAt;
  const rows: Row[] = [[t('booking_code_label'), view.code, true]];
  if (deadline) rows.push([t('mail_deadline'), jakartaTime(deadline, locale)]);
  const blocks: Block[] = [
    greeting(view),
    { kind: 'paragraph', text: t('mail_expired_text') },
    { kind: 'rows', rows },
    ...tripBlocks(view),
    ...(view.payment ? [{ kind: 'paragraph' as const, text: t('mail_expired_late_payment') }] : []),
    { kind: 'paragraph', text: t('mail_expired_search_text') },
    {
      kind: 'link',
      label: t('booking_search_again'),
      url: siteLink(links, '/booking/schedule', locale),
    },
    ...footer(locale),
  ];
  return renderMail(locale, t('mail_expired_subject', { code: view.code }), blocks, {
    bookingCode: view.code,
  });
}

/**
 * Sent when a payment arrived after the deadline and the seats had been sold meanwhile: no tickets, the whole
 * amount comes back, and when.
 */
export function latePaymentRefundMail(view: BookingView, links: MailLinks): ComposedMail {
  const { locale } = view;
  const t = translator(locale);
  const blocks: Block[] = [
    greeting(view),
    { kind: 'paragraph', text: t('mail_late_refund_text') },
    {
      kind: 'rows',
      rows: [
        [t('booking_code_label'), view.code, true],
        [t('mail_late_refund_amount'), formatRupiah(view.refundsQueued, locale), true],
      ],
    },
    { kind: 'paragraph', text: t('mail_late_refund_when') },
    ...tripBlocks(view),
    { kind: 'paragraph', text: t('mail_expired_search_text') },
    { kind: 'link', label: t('booking_search_again'), url: siteLink(links, '/booking/schedule', locale) },
    ...footer(locale),
  ];
  return renderMail(locale, t('mail_late_refund_subject', { code: view.code }), blocks, {
    bookingCode: view.code,
  });
}

/** An absolute link to a page in the booking's language: `/booking/schedule` -> `https://…/id/booking/schedule`. */
export function siteLink(links: MailLinks, path: string, locale: Locale): string {
  return `${links.siteUrl.replace(/\/+$/, '')}${localizePath(path, locale)}`;
}

export function translator(locale: Locale) {
  return (key: MessageKey, params: Record<string, string> = {}) => translate(key, locale, params);
}

export function greeting(view: BookingView): Block {
  const name = view.contact?.fullName;
  return {
    kind: 'paragraph',
    text: name
      ? translate('mail_greeting', view.locale, { name })
      : translate('mail_greeting_plain', view.locale),
  };
}

function localTime({ date, time, zone }: LocalTime, locale: Locale): string {
  const day = formatDate(date, locale);
  return translate('mail_local_time', locale, { date: day, time, zone });
}

/** Deadlines and payment times are read in Batam's zone, WIB, whatever the route. */
function jakartaTime(instant: Date, locale: Locale): string {
  return localTime(agencyTime(instant), locale);
}

export function tripBlocks(view: BookingView): Block[] {
  const t = translator(view.locale);
  const legBlock = (leg: BookingLegView): Block => {
    const rows: Row[] = [
      [
        t(leg.leg === 0 ? 'results_outbound' : 'results_return'),
        t('mail_route', { from: leg.from, to: leg.to }),
        true,
      ],
      [t('route_col_operator'), leg.operator],
    ];
    if (leg.departure && leg.arrival) {
      rows.push([t('route_col_departure'), localTime(leg.departure, view.locale)]);
      rows.push([t('route_col_arrival'), localTime(leg.arrival, view.locale)]);
    } else {
      rows.push(['', t('booking_open_leg', { operator: leg.operator })]);
    }
    return { kind: 'rows', rows };
  };
  return [
    { kind: 'heading', text: t('booking_trip_title') },
    ...view.legs.map(legBlock),
    { kind: 'paragraph', text: t('mail_times_local') },
  ];
}

export function footer(locale: Locale): Block[] {
  return [
    { kind: 'paragraph', text: translate('mail_sign_off', locale) },
    { kind: 'paragraph', text: translate('mail_automatic', locale) },
  ];
}
