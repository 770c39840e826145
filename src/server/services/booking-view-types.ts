import type { BookingStatus, TicketStatus } from '../../domain/booking-lifecycle.ts';
import type { PassengerCategory, PassportSex } from '../../domain/passengers.ts';
import type { PaymentBank } from '../../domain/payment-banks.ts';
import type { PaymentMethod } from '../../domain/payment-methods.ts';
import type { BookingPrice } from '../../domain/pricing.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { paymentStatuses, refundReasons } from '../db/schema/payments.ts';

/** A booking as its pages, e-mails and documents read it (services/booking-view.ts builds it). */
export interface LocalTime {
  date: string;
  time: string;
  /** WIB, SGT, MYT: the zone of the terminal the time belongs to. */
  zone: string;
}

export interface BookingLegView {
  /** 0 outbound, 1 return. */
  leg: number;
  /** 0 as booked; a reschedule of some of the leg's passengers adds segments (tickets name theirs). */
  segment: number;
  routeId: string;
  operatorCode: string;
  /** Absent for an open ticket not claimed yet. */
  sailingId?: string;
  /** The operator cancelled the sailing: a free reschedule or a refund without fee. */
  sailingCancelled: boolean;
  /** The operator's reason for cancelling or delaying it, in the view's language. */
  sailingNotice?: string;
  /** The departure first published, when the operator delayed the sailing, and when the delay was recorded (ISO). */
  delayedFrom?: LocalTime;
  delayedAt?: string;
  /** Terminal codes (for QR payloads and links) and names in the reader's language. */
  fromCode: string;
  toCode: string;
  from: string;
  to: string;
  operator: string;
  /** Absent for an open ticket, which names no sailing until it is claimed. */
  departure?: LocalTime;
  arrival?: LocalTime;
  /** The same two moments as instants (ISO 8601), for deadlines and calendar files. */
  departsAt?: string;
  arrivesAt?: string;
}

export interface PassengerView {
  position: number;
  category: PassengerCategory;
  fullName: string;
  /** Missing only on bookings made before the booking flow asked for it. */
  dateOfBirth?: string;
  /** Null once erased, 90 days after the booking's last travel date (domain/retention.ts). */
  passportNumber: string | null;
  passportIssued: string | null;
  passportExpiry: string | null;
  passportCountry: string;
  /** For the manifest, once asked at check-in or added at the counter. */
  nationality?: string;
  sex?: PassportSex;
  /** Issued when the booking is paid. */
  eTicketNumber?: string;
  tickets: TicketView[];
}

export interface TicketView {
  leg: number;
  segment: number;
  ticketNumber: string;
  status: TicketStatus;
  /** Owed at the counter before boarding (a move onto another operator's sailing). */
  counterFee: number;
  /** The ticket this one replaced, when a reschedule issued it. */
  rescheduledFrom?: string;
}

export interface RefundView {
  amount: number;
  reason: (typeof refundReasons)[number];
  status: 'queued' | 'done';
  /** A cancellation's tickets (none for a payment that could not be honoured). */
  ticketNumbers: string[];
  /** The Batam date it is promised by (cancellations). */
  dueOn?: string;
  paidAt?: Date;
  /** The bank's reference of the transfer that paid it, as the agency recorded it. */
  transferReference?: string;
  /** Back through the gateway to the card or wallet that paid, or by the agency's bank transfer. */
  path: 'bank_transfer' | 'gateway';
  /** The method of the payment it goes back to (a cancellation's: the one that paid). */
  method?: PaymentMethod;
  /** A gateway refund's progress: asked (or about to be), done, or refused (then a bank transfer). */
  gatewayState?: 'to_request' | 'requested' | 'succeeded' | 'failed';
}

interface PaymentCommon {
  method: PaymentMethod;
  amount: number;
  status: (typeof paymentStatuses)[number];
  expiresAt: Date;
  paidAt?: Date;
  gateway: 'sandbox' | 'xendit';
}

/** The attempt the payment page shows: what its method issued (domain/payment-methods.ts). */
export type PaymentView = PaymentCommon &
  (
    | {
        kind: 'virtual_account';
        bank: PaymentBank;
        /** The VA number; for Mandiri the bill key. */
        accountNumber: string;
        /** Mandiri bill payment's biller (company) code. */
        billerCode?: string;
      }
    /** The gateway's hosted card page, where "Pay by card" sends the traveller. */
    | { kind: 'card'; checkoutUrl: string }
    /** The QRIS code's content, drawn as an image by our server. */
    | { kind: 'qris'; qrString: string; gatewayAccountId: string }
  );

export interface BookingView {
  id: string;
  code: string;
  status: BookingStatus;
  trip: 'one_way' | 'two_way' | 'open';
  /** The booking's own language: its e-mails and documents use it whatever page is reading it. */
  locale: Locale;
  party: { adult: number; child: number; infant: number };
  expiresAt: Date | null;
  paidAt: Date | null;
  createdAt: Date;
  price: BookingPrice;
  legs: BookingLegView[];
  /** The segments every passenger of which a reschedule moved on: what Manage booking says they moved from. */
  history?: BookingLegView[];
  contact?: { fullName: string; email: string; phone: string };
  passengers: PassengerView[];
  /** The attempt that paid, else the latest one that issued something (a VA, a card session, a QR). */
  payment?: PaymentView;
  /** Money queued to go back from a payment that could not be honoured (late with seats gone, over-, under-paid). */
  refundsQueued: number;
  /** Every refund, oldest first, with its progress: what the order page shows. */
  refunds: RefundView[];
}
