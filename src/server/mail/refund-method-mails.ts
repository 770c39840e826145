import { formatRupiah } from '../../i18n/format.ts';
import { paymentMethodLabel } from '../../i18n/payment-method.ts';
import type { BookingView } from '../services/booking-view.ts';
import { refundProgress } from '../views/order-actions.ts';
import {
  footer,
  greeting,
  siteLink,
  translator,
  type ComposedMail,
  type MailLinks,
} from './booking-mails.ts';
import { renderMail, type Block } from './mail-layout.ts';

/** The booking's refunds, each with where it goes and where it stands, and where to follow them. */
function progressBlocks(view: BookingView, links: MailLinks): Block[] {
  const t = translator(view.locale);
  return [
    { kind: 'list', items: refundProgress(view, view.locale) },
    {
      kind: 'paragraph',
      text: t('mail_check_order_text', { code: view.code, email: view.contact?.email ?? '' }),
    },
    {
      kind: 'link',
      label: t('mail_check_order_link'),
      url: siteLink(links, '/booking/check-order', view.locale),
    },
  ];
}

/**
 * Sent as money goes back to the card or wallet that paid: when the gateway is asked (a payment that came twice),
 * and again when it says the refund succeeded. How much, and that the bank or app shows it in its own time.
 */
export function refundToMethodMail(view: BookingView, links: MailLinks): ComposedMail {
  const t = translator(view.locale);
  const toMethod = view.refunds.filter((refund) => refund.path === 'gateway');
  const paidBy = toMethod[0]?.method ?? view.payment?.method;
  const method = paidBy ? paymentMethodLabel(paidBy, view.locale) : '';
  const sum = (list: typeof toMethod) =>
    formatRupiah(
      list.reduce((total, r) => total + r.amount, 0),
      view.locale,
    );
  const returned = toMethod.filter((refund) => refund.status === 'done');
  const asked = toMethod.filter((refund) => refund.status !== 'done');
  const blocks: Block[] = [
    greeting(view),
    ...(returned.length > 0
      ? [
          {
            kind: 'paragraph' as const,
            text: t('mail_refund_method_intro', { amount: sum(returned), method }),
          },
        ]
      : []),
    ...(asked.length > 0
      ? [{ kind: 'paragraph' as const, text: t('mail_refund_method_asked', { amount: sum(asked), method }) }]
      : []),
    { kind: 'paragraph', text: t('mail_refund_method_timing') },
    ...progressBlocks(view, links),
    ...footer(view.locale),
  ];
  return renderMail(view.locale, t('mail_refund_method_subject', { code: view.code }), blocks, {
    bookingCode: view.code,
  });
}

/**
 * Sent when the gateway could not return a refund to the card or wallet (an issuer that takes no QRIS refunds, a
 * closed card): the agency transfers it instead, and asks for the bank account to send it to.
 */
export function refundAccountNeededMail(view: BookingView, links: MailLinks): ComposedMail {
  const t = translator(view.locale);
  const blocks: Block[] = [
    greeting(view),
    { kind: 'paragraph', text: t('mail_refund_account_needed_intro') },
    { kind: 'list', items: [t('cancel_bank'), t('cancel_account_number'), t('cancel_account_holder')] },
    { kind: 'paragraph', text: t('mail_refund_account_needed_reply', { code: view.code }) },
    ...progressBlocks(view, links),
    ...footer(view.locale),
  ];
  return renderMail(view.locale, t('mail_refund_account_needed_subject', { code: view.code }), blocks, {
    bookingCode: view.code,
  });
}
