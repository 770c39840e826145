import { accountEnding } from '../../domain/booking-access.ts';
import { formatPortTime, formatRupiah } from '../../i18n/format.ts';
import type { RefundAccount } from '../db/queries/refund-accounts.ts';
import type { BookingView } from '../services/booking-view.ts';
import { afterSalesActions, refundProgress } from '../views/order-actions.ts';
import { ticketSailing } from '../views/ticket-sailing.ts';
import {
  footer,
  greeting,
  siteLink,
  translator,
  tripBlocks,
  type ComposedMail,
  type MailLinks,
} from './booking-mails.ts';
import { renderMail, type Block } from './mail-layout.ts';

/** The booking's refunds and where to follow them: what the cancellation and refund mails end with. */
function refundBlocks(view: BookingView, links: MailLinks): Block[] {
  const t = translator(view.locale);
  const email = view.contact?.email ?? '';
  return [
    ...(view.refunds.length > 0
      ? [
          { kind: 'heading' as const, text: t('cancel_refund') },
          { kind: 'list' as const, items: refundProgress(view, view.locale) },
        ]
      : []),
    { kind: 'paragraph', text: t('mail_check_order_text', { code: view.code, email }) },
    {
      kind: 'link',
      label: t('mail_check_order_link'),
      url: siteLink(links, '/booking/check-order', view.locale),
    },
  ];
}

/**
 * Sent after tickets are cancelled: which ones (passenger, route and sailing, ticket number), the refund's amount and date (sent again after each), and the bank
 * account each refund goes to by its last four digits, so a changed account never goes unnoticed by the contact.
 */
export function bookingCancelledMail(
  view: BookingView,
  links: MailLinks,
  accounts: RefundAccount[] = [],
): ComposedMail {
  const t = translator(view.locale);
  const cancelled = view.passengers.flatMap((passenger) =>
    passenger.tickets
      .filter((ticket) => ticket.status === 'cancelled')
      .map(
        (ticket) =>
          `${passenger.fullName} · ${ticketSailing(view, ticket, view.locale)} · ${ticket.ticketNumber}`,
      ),
  );
  const blocks: Block[] = [
    greeting(view),
    { kind: 'paragraph', text: t('mail_cancelled_intro') },
    { kind: 'list', items: cancelled },
    ...(view.refunds.some((refund) => refund.dueOn)
      ? [{ kind: 'paragraph' as const, text: t('mail_refund_to_account') }]
      : []),
    ...accounts.map((account) => ({
      kind: 'paragraph' as const,
      text: t('mail_refund_account', {
        amount: formatRupiah(account.amount, view.locale),
        bank: account.bank,
        account: accountEnding(account.accountNumber),
        holder: account.accountHolder,
      }),
    })),
    ...refundBlocks(view, links),
    ...footer(view.locale),
  ];
  return renderMail(view.locale, t('mail_cancelled_subject', { code: view.code }), blocks, {
    bookingCode: view.code,
  });
}

/**
 * Sent when the agency has paid a refund (the console's queue, or `npm run ops -- refund-paid <id>`), with the
 * bank's transfer reference.
 */
export function refundPaidMail(view: BookingView, links: MailLinks): ComposedMail {
  const t = translator(view.locale);
  const blocks: Block[] = [
    greeting(view),
    { kind: 'paragraph', text: t('mail_refund_paid_intro') },
    ...view.refunds.flatMap((refund) =>
      refund.status === 'done' && refund.transferReference
        ? [
            {
              kind: 'paragraph' as const,
              text: t('mail_refund_paid_reference', {
                amount: formatRupiah(refund.amount, view.locale),
                reference: refund.transferReference,
              }),
            },
          ]
        : [],
    ),
    ...refundBlocks(view, links),
    ...footer(view.locale),
  ];
  return renderMail(view.locale, t('mail_refund_paid_subject', { code: view.code }), blocks, {
    bookingCode: view.code,
  });
}

/** The legs the operator changed one way, and the links to what the offers still allow at `now` (move, cancel). */
function operatorChangeBlocks(
  view: BookingView,
  links: MailLinks,
  now: Date,
  changed: (leg: BookingView['legs'][number]) => boolean,
): Block[] {
  const t = translator(view.locale);
  const possible = afterSalesActions(view, now);
  const link = (label: 'order_action_reschedule' | 'order_action_cancel', task: string): Block => ({
    kind: 'link',
    label: t(label),
    url: siteLink(links, `/booking/${view.id}/${task}`, view.locale),
  });
  return [
    ...view.legs
      .filter((leg) => changed(leg) && leg.sailingNotice)
      .map((leg): Block => ({
        kind: 'paragraph',
        text: t('mail_operator_notice', { notice: leg.sailingNotice ?? '' }),
      })),
    ...tripBlocks({ ...view, legs: view.legs.filter(changed) }),
    ...(possible.reschedule ? [link('order_action_reschedule', 'reschedule')] : []),
    ...(possible.cancel ? [link('order_action_cancel', 'cancellation')] : []),
  ];
}

/**
 * Sent to every booking on a sailing the operator cancelled (the console, or `npm run ops -- cancel-sailing <id>`),
 * with the operator's reason in the booking's language: a free move to another sailing, or a refund without fee up
 * to 1 week after its departure, each a link away. The links are what the offers (domain/offers.ts) still allow when
 * the mail is written at `now`, as on the order page: a mail sent after the traveller already chose, or after the
 * week, offers nothing the pages would then refuse.
 */
export function sailingCancelledMail(view: BookingView, links: MailLinks, now: Date): ComposedMail {
  const t = translator(view.locale);
  const blocks: Block[] = [
    greeting(view),
    { kind: 'paragraph', text: t('mail_sailing_cancelled_intro') },
    ...operatorChangeBlocks(view, links, now, (leg) => leg.sailingCancelled),
    ...footer(view.locale),
  ];
  return renderMail(view.locale, t('mail_sailing_cancelled_subject', { code: view.code }), blocks, {
    bookingCode: view.code,
  });
}

/**
 * Sent to every booking on a sailing the operator delayed (the console): the new departure and the one it replaces,
 * the operator's reason, that boarding passes issued before are void (the new ones follow in their own mail), and the
 * choices: keep the sailing, or move or cancel it without fee until it leaves.
 */
export function sailingDelayedMail(view: BookingView, links: MailLinks, now: Date): ComposedMail | undefined {
  const t = translator(view.locale);
  const delayed = (leg: BookingView['legs'][number]) => Boolean(leg.delayedFrom) && !leg.sailingCancelled;
  // Written when sent: a sailing cancelled or left since has no delay to tell (its own mail says what happened).
  if (!view.legs.some(delayed)) return undefined;
  const checkedIn = view.passengers.some((passenger) =>
    passenger.tickets.some(
      (ticket) =>
        ticket.status === 'checked_in' &&
        view.legs.some((leg) => delayed(leg) && leg.leg === ticket.leg && leg.segment === ticket.segment),
    ),
  );
  const blocks: Block[] = [
    greeting(view),
    ...view.legs.filter(delayed).map((leg): Block => ({
      kind: 'paragraph',
      text: t('mail_sailing_delayed_intro', {
        route: `${leg.from} → ${leg.to}`,
        now: leg.departure ? formatPortTime(leg.departure, view.locale) : '',
        was: leg.delayedFrom ? formatPortTime(leg.delayedFrom, view.locale) : '',
      }),
    })),
    { kind: 'paragraph', text: t('mail_sailing_delayed_choices') },
    ...(checkedIn ? [{ kind: 'paragraph' as const, text: t('mail_sailing_delayed_passes') }] : []),
    ...operatorChangeBlocks(view, links, now, delayed),
    ...footer(view.locale),
  ];
  return renderMail(view.locale, t('mail_sailing_delayed_subject', { code: view.code }), blocks, {
    bookingCode: view.code,
  });
}
