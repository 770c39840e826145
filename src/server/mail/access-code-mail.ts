import type { BookingView } from '../services/booking-view.ts';
import { footer, greeting, translator, type ComposedMail } from './booking-mails.ts';
import { renderMail, type Block } from './mail-layout.ts';

/**
 * The one-time code that proves the contact mailbox (domain/booking-access.ts), in the booking's language. It says
 * what the code is for, and that without it nothing changes: a traveller who did not ask is told so plainly.
 */
export function accessCodeMail(view: BookingView, otp: string): ComposedMail {
  const t = translator(view.locale);
  const blocks: Block[] = [
    greeting(view),
    { kind: 'paragraph', text: t('mail_access_code_text', { code: view.code }) },
    { kind: 'rows', rows: [[t('access_code_label'), otp, true]] },
    { kind: 'paragraph', text: t('mail_access_code_ignore') },
    ...footer(view.locale),
  ];
  return renderMail(view.locale, t('mail_access_code_subject', { otp, code: view.code }), blocks, {
    bookingCode: view.code,
  });
}
