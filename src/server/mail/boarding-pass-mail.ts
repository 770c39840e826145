import { translate } from '../../i18n/translate.ts';
import type { BoardingPassDocument } from '../documents/boarding-pass.ts';
import type { BookingView } from '../services/booking-view.ts';
import { footer, greeting, type ComposedMail } from './booking-mails.ts';
import { renderMail, type Block, type Row } from './mail-layout.ts';

/**
 * The boarding passes of one sailing, one PDF each, sent when its passengers check in online (again, with every
 * pass of that sailing, when more of them do). In the booking's language.
 */
export function boardingPassMail(
  view: BookingView,
  passes: { document: BoardingPassDocument; pdf: Uint8Array }[],
): ComposedMail {
  const { locale } = view;
  const first = passes[0]?.document;
  if (!first) throw new Error(`booking ${view.code} has no boarding pass to mail`);
  const rows: Row[] = [
    [translate('booking_code_label', locale), view.code, true],
    [translate('boarding_pass_route', locale), first.route],
    [translate('trip_date', locale), first.date],
    [translate('trip_departure', locale), first.departure],
    [translate('trip_check_in_closes', locale), first.checkInCloses],
    [translate('trip_gate_closes', locale), first.gateCloses],
  ];
  const blocks: Block[] = [
    greeting(view),
    { kind: 'paragraph', text: translate('mail_boarding_pass_intro', locale) },
    { kind: 'rows', rows },
    { kind: 'heading', text: translate('mail_passengers_title', locale) },
    ...passes.map(({ document }): Block => ({
      kind: 'paragraph',
      text: `${document.passengerName} · ${document.ticketNumber}`,
    })),
    { kind: 'paragraph', text: translate('trip_times_local', locale) },
    ...footer(locale),
  ];
  return {
    ...renderMail(locale, translate('mail_boarding_pass_subject', locale, { code: view.code }), blocks, {
      bookingCode: view.code,
    }),
    attachments: passes.map(({ document, pdf }) => ({
      filename: `boarding-pass-${document.ticketNumber}.pdf`,
      content: pdf,
      contentType: 'application/pdf',
    })),
  };
}
