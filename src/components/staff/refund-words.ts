import { agencyToday } from '../../domain/agency.ts';
import type { RefundState } from '../../domain/refund-queue.ts';
import { formatDate } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';

/**
 * Where a refund stands, in the reader's language, the same on the queue and on the booking's page: due or overdue
 * by its date, failed with why, paid with the bank's reference.
 */
export function refundStateLine(
  refund: {
    state: RefundState;
    dueOn: string;
    paidAt: Date | null;
    transferReference: string | null;
    failure: string | null;
  },
  locale: Locale,
): string {
  switch (refund.state) {
    case 'paid':
      return translate('staff_refund_state_paid', locale, {
        date: refund.paidAt ? formatDate(agencyToday(refund.paidAt), locale) : '',
        reference: refund.transferReference ?? '–',
      });
    case 'at_gateway':
      return translate('staff_refund_state_at_gateway', locale);
    case 'failed':
      return translate('staff_refund_state_failed', locale, { failure: refund.failure ?? '' });
    default:
      return translate(`staff_refund_state_${refund.state}`, locale, {
        date: formatDate(refund.dueOn, locale),
      });
  }
}
