import { maskedEmail } from '../../domain/booking-access.ts';
import type { BookingView } from '../services/booking-view.ts';
import {
  footer,
  greeting,
  siteLink,
  translator,
  type ComposedMail,
  type MailLinks,
} from './booking-mails.ts';
import { renderMail, type Block } from './mail-layout.ts';

/**
 * Sent when the agency corrected a booking's contact details: to the new address (where the booking's mails now go),
 * and to the previous one, which learns only that its booking moved to another address (masked), so a change the
 * traveller did not ask for never goes unnoticed.
 */
export function contactChangedMail(view: BookingView, links: MailLinks, previous: boolean): ComposedMail {
  const t = translator(view.locale);
  const email = view.contact?.email ?? '';
  const blocks: Block[] = [
    greeting(view),
    previous
      ? {
          kind: 'paragraph',
          text: t('mail_contact_changed_previous', { code: view.code, email: maskedEmail(email) }),
        }
      : {
          kind: 'paragraph',
          text: t('mail_contact_changed_intro', {
            code: view.code,
            email,
            phone: view.contact?.phone ?? '',
          }),
        },
    { kind: 'paragraph', text: t('mail_contact_changed_not_you') },
    {
      kind: 'link',
      label: t('mail_check_order_link'),
      url: siteLink(links, '/booking/check-order', view.locale),
    },
    ...footer(view.locale),
  ];
  return renderMail(view.locale, t('mail_contact_changed_subject', { code: view.code }), blocks, {
    bookingCode: view.code,
  });
}
