import { agencyToday } from '../../../domain/agency.ts';
import { bankCodeOf, bulkTransferRows, refundCsv, refundReference } from '../../../domain/refund-queue.ts';
import { refundStateLine } from '../../../components/staff/refund-words.ts';
import { formatRupiah } from '../../../i18n/format.ts';
import { localizePath, type Locale } from '../../../i18n/locales.ts';
import { translate } from '../../../i18n/translate.ts';
import { submitForm } from '../../../server/http/form-post.ts';
import { useCasePorts } from '../../../server/http/use-case-ports.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { refundQueue, type QueuedRefund } from '../../../server/use-cases/refund-queue.ts';
import { staffRefundFailed } from '../../../server/use-cases/staff-refund-failed.ts';
import { staffRefundPaid } from '../../../server/use-cases/staff-refund-paid.ts';
import { staffRefundAccount } from '../../../server/use-cases/staff-refund-account.ts';
import type { AnyUseCase } from '../../../server/use-cases/use-case.ts';
import { privateDownload } from '../../../server/http/private-download.ts';
import { consoleEntry } from './_console.ts';

/** A refund as the queue shows it, with what the bank needs and what keeps it out of the bulk file. */
function refundRow(refund: QueuedRefund, locale: Locale, bookings: string) {
  const bankCode = bankCodeOf(refund.bank);
  return {
    id: refund.id,
    code: refund.bookingCode,
    href: `${bookings}/${refund.bookingId}`,
    amount: formatRupiah(refund.amount, locale),
    reason: translate(`staff_refund_reason_${refund.reason}`, locale),
    state: refund.state,
    stateLine: refundStateLine(refund, locale),
    account: refund.accountNumber
      ? translate('staff_refund_account', locale, {
          bank: refund.bank ?? '',
          number: refund.accountNumber,
          holder: refund.accountHolder ?? '',
        })
      : translate('staff_refund_no_account', locale),
    noBankCode: Boolean(refund.accountNumber) && !bankCode,
    hasAccount: Boolean(refund.accountNumber),
    reference: translate('staff_refund_reference', locale, {
      reference: refundReference(refund.bookingCode, refund.id),
    }),
    email: refund.contactEmail ?? '',
  };
}

/** The bulk-transfer file (domain/refund-queue.ts). */
const exportFile = (queue: QueuedRefund[], today: string): Response =>
  privateDownload(refundCsv(bulkTransferRows(queue)), 'text/csv; charset=utf-8', `refunds-due-${today}.csv`);

/** The actions a refund's forms post here, by the word in the address. */
const doors: Record<'pay' | 'fail' | 'account', AnyUseCase> = {
  pay: staffRefundPaid,
  fail: staffRefundFailed,
  account: staffRefundAccount,
};

/**
 * `/staff/refunds`: the refunds owed, soonest due first, overdue ones standing out; "Mark paid" and "The transfer came
 * back" (admins; their forms post here with `?pay={id}` or `?fail={id}`); the latest paid; and `?export` the CSV.
 */
export async function serveRefundQueue(astro: PageAstro) {
  const { locale, deps } = astro.locals;
  const entry = await consoleEntry(astro, 'agent');
  if (entry instanceof Response || !entry.allowed) return entry;
  const asked = astro.url.searchParams;
  // Which of a refund's forms posted here, and for which refund (`?pay={id}`, `?fail={id}`, `?account={id}`).
  const to = (['pay', 'fail', 'account'] as const).find((name) => asked.has(name));
  const refundId = to ? (asked.get(to) ?? '') : '';
  const posted = to ? await submitForm(entry.page.form, doors[to], { params: { id: refundId } }) : undefined;
  if (posted instanceof Response) return posted;
  if (posted) astro.response.status = posted.status;
  const now = deps.clock();
  const owed = await refundQueue({ db: entry.db, calendar: useCasePorts.calendar }, now);
  // The file holds every account number and holder: admins, who pay the refunds, download it; an agent who asks for
  // it is refused (403), never handed the page in its place.
  if (asked.has('export')) {
    if (entry.bar.admin) return exportFile(owed, agencyToday(now));
    astro.response.status = 403;
    return { allowed: false as const, bar: entry.bar };
  }
  const paid = await refundQueue({ db: entry.db, calendar: useCasePorts.calendar }, now, 'paid');
  const bookings = localizePath('/staff/bookings', locale);
  // What the agency owes by transfer: a refund going back to a card or wallet is the gateway's to pay.
  const total = owed.filter((r) => r.state !== 'at_gateway').reduce((sum, refund) => sum + refund.amount, 0);
  return {
    allowed: true as const,
    bar: entry.bar,
    csrf: entry.page.csrf,
    admin: entry.bar.admin,
    summary: translate('staff_refunds_summary', locale, {
      count: owed.filter((r) => r.state !== 'at_gateway').length,
      total: formatRupiah(total, locale),
      overdue: owed.filter((refund) => refund.state === 'overdue').length,
    }),
    owed: owed.map((refund) => refundRow(refund, locale, bookings)),
    paid: paid.map((refund) => refundRow(refund, locale, bookings)),
    posted,
    postedFor: to && { id: refundId, to },
    /** A refusal about a refund no longer owed (paid meanwhile) or unknown: said at the top of the page. */
    unplaced:
      posted && !owed.some((refund) => refund.id === refundId) ? Object.values(posted.errors).flat() : [],
    notice: asked.has('paid')
      ? translate('staff_refund_paid_notice', locale)
      : asked.has('failed')
        ? translate('staff_refund_failed_notice', locale)
        : asked.has('account-set')
          ? translate('staff_refund_account_notice', locale)
          : undefined,
  };
}
