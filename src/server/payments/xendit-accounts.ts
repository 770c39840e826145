import { GatewayUnavailable, reportedPayment } from './gateway.ts';
import type { CloseOutcome, ReportedPayment, AttemptRef, AttemptState } from './gateway.ts';
import { describeFailure, field, text, type ApiCall } from './xendit-api.ts';

/** Xendit's answer to updating a VA that takes no payment any more (paid, expired or closed before). */
const inactiveAccount = 'INACTIVE_VIRTUAL_ACCOUNT_ERROR';
/** How far in the past a closing expiry is set, so a clock a little behind Xendit's still expires it at once. */
const closeMarginMs = 60_000;

const accountPath = (account: AttemptRef) =>
  `/callback_virtual_accounts/${encodeURIComponent(account.gatewayAccountId)}`;

/**
 * Closing a Xendit fixed VA and asking after it, per Xendit's API reference for Fixed Virtual Accounts:
 * - close: "Update Fixed Virtual Account" (PATCH /callback_virtual_accounts/{id}) with an `expiration_date` in the
 *   past; the VA then refuses every payment. Xendit has no other way to close one.
 * - extend: the same update with a later `expiration_date` (the agency extended the payment deadline).
 * - status: "Get Fixed Virtual Account" (GET /callback_virtual_accounts/{id}): `status` is PENDING (the bank is
 *   activating it), ACTIVE or INACTIVE. The VA object lists no payments, so the payments callbacks reported are
 *   fetched back one by one ("Get Fixed Virtual Account Payment"); a single-use VA that turned INACTIVE before its
 *   expiry was paid even when no callback told us (Xendit's VA feature list: a single-use VA "can only receive payment
 *   once and will become inactive afterward").
 */
export function xenditAccounts(call: ApiCall, fetchPayment: (paymentId: string) => Promise<unknown>) {
  async function confirmedPayments(account: AttemptRef): Promise<ReportedPayment[]> {
    const confirmed: ReportedPayment[] = [];
    for (const paymentId of account.knownPaymentIds ?? []) {
      const fetched = await fetchPayment(paymentId);
      if (fetched === undefined || text(fetched, 'external_id') !== account.externalId) continue;
      const event = reportedPayment(
        {
          externalId: account.externalId,
          gatewayPaymentId: paymentId,
          amount: field(fetched, 'amount'),
          paidAt: text(fetched, 'transaction_timestamp'),
        },
        new Date(),
      );
      if (event.kind === 'paid') confirmed.push(event.payment);
    }
    return confirmed;
  }

  return {
    async closeAttempt(account: AttemptRef): Promise<CloseOutcome> {
      const action = 'close VA';
      const expirationDate = new Date(Date.now() - closeMarginMs).toISOString();
      const answer = await call('PATCH', accountPath(account), action, { expiration_date: expirationDate });
      if (answer.ok) return 'closed';
      // Not ours under this key (another account or mode): nothing this key can close; retrying would not help.
      if (answer.status === 404) return 'not_found';
      if (text(answer.data, 'error_code') === inactiveAccount) return 'already_inactive';
      throw new GatewayUnavailable(describeFailure(action, answer));
    },

    async extendAttempt(account: AttemptRef, expiresAt: Date): Promise<'extended' | 'inactive'> {
      const action = 'extend VA';
      const answer = await call('PATCH', accountPath(account), action, {
        expiration_date: expiresAt.toISOString(),
      });
      if (answer.ok) return 'extended';
      // Not ours under this key, or no longer taking payments: nothing this key can extend.
      if (answer.status === 404 || text(answer.data, 'error_code') === inactiveAccount) return 'inactive';
      throw new GatewayUnavailable(describeFailure(action, answer));
    },

    async attemptStatus(account: AttemptRef): Promise<AttemptState> {
      const action = 'fetch VA';
      const answer = await call('GET', accountPath(account), action);
      // A 404 included: "not found with this key" says nothing about whether the payer paid.
      if (!answer.ok) throw new GatewayUnavailable(describeFailure(action, answer));
      if (text(answer.data, 'external_id') !== account.externalId)
        throw new GatewayUnavailable(`Xendit answered ${action} with another attempt's VA`);
      const status = text(answer.data, 'status');
      if (status === 'ACTIVE' || status === 'PENDING') return { kind: 'open' };
      if (status !== 'INACTIVE')
        throw new GatewayUnavailable(`Xendit answered ${action} with an unknown status`);
      const payments = await confirmedPayments(account);
      if (payments.length > 0) return { kind: 'paid', payments };
      const expiresAt = Date.parse(text(answer.data, 'expiration_date') ?? '');
      const usedUp = field(answer.data, 'is_single_use') === true && expiresAt > Date.now();
      return usedUp ? { kind: 'paid', payments: [] } : { kind: 'closed' };
    },
  };
}
