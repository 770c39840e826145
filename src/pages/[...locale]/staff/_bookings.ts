import { paymentMethodLabel } from '../../../i18n/payment-method.ts';
import { agencyTime } from '../../../domain/agency.ts';
import { BOOKING_ID_PATTERN } from '../../../domain/booking-code.ts';
import { bookingStateOf } from '../../../domain/booking-search.ts';
import { ticketStanding } from '../../../domain/booking-standing.ts';
import { resendableMails } from '../../../domain/staff-actions.ts';
import { refundStateLine } from '../../../components/staff/refund-words.ts';
import { ticketStandingLabel } from '../../../i18n/booking-status.ts';
import { formatDate, formatPortTime, formatRupiah } from '../../../i18n/format.ts';
import { translate } from '../../../i18n/translate.ts';
import { submitForm } from '../../../server/http/form-post.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { useCasePorts } from '../../../server/http/use-case-ports.ts';
import { bookingHistory } from '../../../server/services/booking-history.ts';
import { bookingView } from '../../../server/services/booking-view.ts';
import { refundQueue } from '../../../server/use-cases/refund-queue.ts';
import { staffCorrectContact } from '../../../server/use-cases/staff-correct-contact.ts';
import { staffCorrectPassenger } from '../../../server/use-cases/staff-correct-passenger.ts';
import { staffResendMail } from '../../../server/use-cases/staff-resend-mail.ts';
import { staffCancelTickets } from '../../../server/use-cases/staff-cancel-tickets.ts';
import { staffExtendDeadline } from '../../../server/use-cases/staff-extend-deadline.ts';
import { cancellationPage } from '../../../server/views/cancellation-page.ts';
import type { AnyUseCase } from '../../../server/use-cases/use-case.ts';
import { countryList } from '../../../server/views/countries.ts';
import { historyLine, passengerFields, pick, stateLabel } from '../../../server/views/staff-booking.ts';
import { consoleEntry } from './_console.ts';

/** The actions a booking's page posts to itself, by the word in the address (`?contact`). */
const doors = {
  resend: staffResendMail,
  correct: staffCorrectPassenger,
  contact: staffCorrectContact,
  cancel: staffCancelTickets,
  extend: staffExtendDeadline,
};

/**
 * `/staff/bookings/{id}`: a booking as the agency sees it (its sailings, passengers with their passports and tickets,
 * payment and refunds), its e-mails with their state, its whole history, and the actions on it, whose forms post here
 * (`?resend`).
 */
export async function serveBookingDetail(astro: PageAstro, id: string) {
  const { locale, deps } = astro.locals;
  const entry = await consoleEntry(astro, 'agent');
  if (entry instanceof Response || !entry.allowed) return entry;
  const notFound = () => {
    astro.response.status = 404;
    return { allowed: true as const, found: false as const, bar: entry.bar };
  };
  if (!BOOKING_ID_PATTERN.test(id)) return notFound();
  const asked = astro.url.searchParams;
  const form = (Object.keys(doors) as (keyof typeof doors)[]).find((name) => asked.has(name));
  const action: AnyUseCase | undefined = form && doors[form];
  const posted = action ? await submitForm(entry.page.form, action, { params: { id } }) : undefined;
  if (posted instanceof Response) return posted;
  if (posted) astro.response.status = posted.status;
  const view = await bookingView(entry.db, deps.network, id, locale);
  if (!view) return notFound();
  const now = deps.clock();
  const [history, refunds] = await Promise.all([
    bookingHistory(entry.db, view.id),
    refundQueue({ db: entry.db, calendar: useCasePorts.calendar }, now, { bookingId: view.id }),
  ]);
  const tickets = view.passengers.flatMap((passenger) => passenger.tickets);
  const state = bookingStateOf(view, tickets, now);
  const cancellation = cancellationPage(
    view,
    deps.network,
    locale,
    now,
    posted && form === 'cancel' ? posted.form : new URLSearchParams(),
    useCasePorts.calendar,
  );
  const onSailing = (ticket: { leg: number; segment: number }) =>
    view.legs.some((leg) => leg.leg === ticket.leg && leg.segment === ticket.segment && leg.sailingId);
  const resent = pick(resendableMails, asked.get('resent'));
  return {
    allowed: true as const,
    found: true as const,
    bar: entry.bar,
    csrf: entry.page.csrf,
    code: view.code,
    contact: view.contact,
    language: translate(`staff_booking_language_${view.locale}`, locale),
    state: stateLabel(state, locale),
    awaitingPayment: state === 'awaiting_payment',
    total: formatRupiah(view.price.total, locale),
    created: formatPortTime(agencyTime(view.createdAt), locale),
    legs: view.legs.map((leg) => ({
      what: `${translate(leg.leg === 0 ? 'trip_leg_outbound' : 'trip_leg_return', locale)}: ${leg.from} – ${leg.to}, ${leg.operator}`,
      when: leg.departure
        ? formatPortTime(leg.departure, locale)
        : translate('staff_booking_open_leg', locale),
    })),
    passengers: view.passengers.map((passenger) => ({
      position: passenger.position,
      fields: passengerFields(passenger, locale),
      name: passenger.fullName,
      category: translate(`price_category_${passenger.category}`, locale),
      born: passenger.dateOfBirth
        ? translate('staff_booking_born', locale, { date: formatDate(passenger.dateOfBirth, locale) })
        : '',
      passport:
        passenger.passportNumber && passenger.passportExpiry
          ? translate('staff_booking_passport', locale, {
              number: passenger.passportNumber,
              country: passenger.passportCountry,
              expiry: formatDate(passenger.passportExpiry, locale),
            })
          : translate('staff_booking_passport_erased', locale, { country: passenger.passportCountry }),
      eTicket: passenger.eTicketNumber ?? '',
      tickets: passenger.tickets.map((ticket) => ({
        number: ticket.ticketNumber,
        standing: ticketStandingLabel(
          ticketStanding({ ...ticket, hasSailing: onSailing(ticket) }, view.refunds),
          locale,
        ),
      })),
    })),
    payment: view.payment
      ? translate('staff_booking_payment_line', locale, {
          bank: paymentMethodLabel(view.payment.method, locale),
          number: view.payment.kind === 'virtual_account' ? view.payment.accountNumber : '',
          amount: formatRupiah(view.payment.amount, locale),
          status: translate(`staff_payment_${view.payment.status}`, locale),
        })
      : '',
    refunds: refunds.map((refund) => ({
      amount: formatRupiah(refund.amount, locale),
      reason: translate(`staff_refund_reason_${refund.reason}`, locale),
      progress: refundStateLine(refund, locale),
    })),
    mails: history.mails.map((mail) => ({
      line: translate('staff_booking_mail_line', locale, {
        kind: translate(`staff_mail_${mail.kind}`, locale),
        state: translate(`staff_mail_state_${mail.state}`, locale),
        when: formatPortTime(agencyTime(mail.sentAt ?? mail.createdAt), locale),
      }),
      attempts: mail.attempts > 0 ? translate('staff_mail_attempts', locale, { count: mail.attempts }) : '',
      failed: mail.state === 'failed',
    })),
    history: history.entries.map((line) => historyLine(line, locale)).reverse(),
    resendChoices: resendableMails.map((mail) => ({
      value: mail,
      label: translate(`staff_resend_${mail}`, locale),
    })),
    /** A refused post, for the form that sent it (a passenger's by their position). */
    posted: posted && { ...posted, to: form, position: Number(posted.form.get('position')) },
    cancellation,
    /** A refusal whose form is no longer drawn (the booking was paid, or nothing can be cancelled now): said on top. */
    unplaced:
      posted &&
      ((form === 'extend' && state !== 'awaiting_payment') ||
        (form === 'cancel' && !cancellation.cancellable))
        ? Object.values(posted.errors).flat()
        : [],
    countries: countryList(locale).map((country) => ({ code: country.code, name: country.name })),
    notice: resent
      ? translate('staff_resent_notice', locale)
      : asked.has('corrected')
        ? translate('staff_corrected_notice', locale)
        : asked.has('contact-corrected')
          ? translate('staff_contact_corrected_notice', locale)
          : asked.has('tickets-cancelled')
            ? translate('staff_tickets_cancelled_notice', locale)
            : asked.has('deadline-extended')
              ? translate('staff_deadline_extended_notice', locale)
              : undefined,
  };
}
