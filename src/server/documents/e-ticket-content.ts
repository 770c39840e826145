import { ticketIssuedOn, ticketValidUntil } from '../../domain/ticket-validity.ts';
import { formatDate, formatPortTime, formatRupiah } from '../../i18n/format.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { translate, type MessageKey } from '../../i18n/translate.ts';
import {
  ticketOn,
  type BookingLegView,
  type BookingView,
  type PassengerView,
} from '../services/booking-view.ts';
import { eTicketQrPayload } from './qr.ts';

/** A label and its value; a wide field takes a whole row of the layout's grid. */
export interface Field {
  label: string;
  value: string;
  wide?: boolean;
}

export interface ETicketLeg {
  /** `Outbound`, `Return` or `Open ticket`. */
  heading: string;
  /** `Batam Centre – HarbourFront`. */
  route: string;
  fields: Field[];
  /** The open-ticket rule, for a leg with no sailing yet. */
  note?: string;
}

export interface PriceRow {
  label: string;
  amount: string;
}

/** What one page (one passenger's e-ticket) says, in the booking's language, before any layout. */
export interface ETicketPage {
  brand: string;
  title: string;
  pageLabel: string;
  fields: Field[];
  qrPayload: string;
  qrCaption: string;
  legs: ETicketLeg[];
  price: { title: string; groups: { heading: string; rows: PriceRow[] }[]; fee: PriceRow; total: PriceRow };
  rules: { title: string; items: string[] };
  footer: string;
}

/** `A1234567` -> `••••4567`: enough to match the passport in hand, not enough to copy it. */
export function maskPassport(number: string): string {
  return number.length <= 4 ? number : '•'.repeat(number.length - 4) + number.slice(-4);
}

function legHeading(leg: BookingLegView, locale: Locale): string {
  if (!leg.departure) return translate('eticket_leg_open', locale);
  return translate(leg.leg === 0 ? 'eticket_leg_outbound' : 'eticket_leg_return', locale);
}

const route = (leg: BookingLegView) => `${leg.from} – ${leg.to}`;

function ticketNumberOf(view: BookingView, passenger: PassengerView, leg: BookingLegView): string {
  const ticket = ticketOn(passenger, leg, { cancelled: false });
  if (!ticket)
    throw new Error(`booking ${view.code}: passenger ${passenger.position} has no ticket for leg ${leg.leg}`);
  return ticket.ticketNumber;
}

function legContent(
  view: BookingView,
  passenger: PassengerView,
  leg: BookingLegView,
  issued?: string,
): ETicketLeg {
  const { locale } = view;
  const t = (key: MessageKey) => translate(key, locale);
  const ticketNumber = { label: t('eticket_ticket_number'), value: ticketNumberOf(view, passenger, leg) };
  const operator = { label: t('route_col_operator'), value: leg.operator };
  const base = { heading: legHeading(leg, locale), route: route(leg) };
  if (!leg.departure || !leg.arrival) {
    const validUntil = issued
      ? [
          {
            label: t('eticket_valid_until'),
            value: formatDate(ticketValidUntil(issued), locale),
          },
        ]
      : [];
    return { ...base, fields: [operator, ticketNumber, ...validUntil], note: t('eticket_open_note') };
  }
  return {
    ...base,
    fields: [
      { label: t('route_col_departure'), value: formatPortTime(leg.departure, locale) },
      { label: t('route_col_arrival'), value: formatPortTime(leg.arrival, locale) },
      operator,
      ticketNumber,
    ],
  };
}

function priceContent(view: BookingView): ETicketPage['price'] {
  const { locale, price } = view;
  const t = (key: MessageKey) => translate(key, locale);
  const row = (key: MessageKey, amount: number): PriceRow => ({
    label: t(key),
    amount: formatRupiah(amount, locale),
  });
  return {
    title: t('eticket_price_title'),
    // Priced per leg as booked: a reschedule moves passengers, never the price paid.
    groups: price.legs.flatMap((legPrice, index) => {
      const leg = view.legs.find((l) => l.leg === index);
      if (!leg) return [];
      const subtotal = legPrice.subtotal;
      return {
        heading: `${legHeading(leg, locale)}: ${route(leg)}`,
        rows: [
          row('price_ticket', subtotal.ticket),
          row('price_terminal_fee', subtotal.terminalFee),
          row('price_surcharge', subtotal.surcharge),
        ],
      };
    }),
    fee: row('eticket_transaction_fee', price.transactionFee),
    total: row('eticket_total', price.total),
  };
}

/**
 * The pages of a booking's e-ticket: one per passenger, every string in the booking's language. Pure: the PDF
 * layout draws exactly this, and tests read it. Throws for a booking whose tickets are not issued yet.
 */
export function eTicketPages(view: BookingView, options: { siteUrl: string }): ETicketPage[] {
  const { locale } = view;
  const t = (key: MessageKey, params?: Record<string, unknown>) => translate(key, locale, params);
  const issued = view.paidAt ? ticketIssuedOn(view.paidAt) : undefined;
  const checkOrder = options.siteUrl.replace(/\/+$/, '') + localizePath('/booking/check-order', locale);
  const price = priceContent(view);
  const rules = {
    title: t('eticket_rules_title'),
    items: (
      [
        'eticket_rule_baggage',
        'eticket_rule_baggage_checkin',
        'eticket_rule_gate',
        'eticket_rule_passport',
        'eticket_rule_expiry',
      ] as const
    ).map((key) => t(key)),
  };
  // A passenger's page shows the sailings they still travel on: moved tickets show their new sailing, cancelled
  // ones are gone (and a passenger with nothing left to travel on has no page).
  const travelling = view.passengers.flatMap((passenger) => {
    const legs = view.legs.filter((leg) => ticketOn(passenger, leg, { cancelled: false }));
    return legs.length > 0 || passenger.tickets.length === 0 ? [{ passenger, legs }] : [];
  });
  return travelling.map(({ passenger, legs: ridden }, index) => {
    const eTicketNumber = passenger.eTicketNumber;
    if (!eTicketNumber)
      throw new Error(`booking ${view.code} has no e-ticket for passenger ${passenger.position}`);
    const legs = ridden.map((leg) => legContent(view, passenger, leg, issued));
    const ticketNumbers = ridden.map((leg) => ticketNumberOf(view, passenger, leg));
    return {
      brand: t('brand_name'),
      title: t('eticket_title'),
      pageLabel: t('eticket_page_of', { position: index + 1, count: travelling.length }),
      fields: [
        { label: t('eticket_number'), value: eTicketNumber },
        { label: t('booking_code_label'), value: view.code },
        { label: t('eticket_passenger'), value: passenger.fullName, wide: true },
        { label: t('eticket_category'), value: t(`price_category_${passenger.category}`) },
        // An erased passport (90 days after travel) leaves the line out rather than print an empty number.
        ...(passenger.passportNumber
          ? [{ label: t('eticket_passport'), value: maskPassport(passenger.passportNumber) }]
          : []),
        ...(issued ? [{ label: t('eticket_issued'), value: formatDate(issued, locale) }] : []),
      ],
      qrPayload: eTicketQrPayload(view.code, eTicketNumber, ticketNumbers),
      qrCaption: t('eticket_qr_caption'),
      legs,
      price,
      rules,
      footer: t('eticket_footer', { url: checkOrder }),
    };
  });
}

/** Every string of a page, in reading order, as `label: value` where it has a label. */
export function eTicketPageLines(page: ETicketPage): string[] {
  const field = (f: Field) => `${f.label}: ${f.value}`;
  const row = (r: PriceRow) => `${r.label}: ${r.amount}`;
  return [
    page.brand,
    page.title,
    page.pageLabel,
    ...page.fields.map(field),
    page.qrCaption,
    ...page.legs.flatMap((leg) => [
      `${leg.heading}: ${leg.route}`,
      ...leg.fields.map(field),
      ...(leg.note ? [leg.note] : []),
    ]),
    page.price.title,
    ...page.price.groups.flatMap((group) => [group.heading, ...group.rows.map(row)]),
    row(page.price.fee),
    row(page.price.total),
    page.rules.title,
    ...page.rules.items,
    page.footer,
  ];
}
