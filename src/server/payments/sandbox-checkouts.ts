import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sandboxCheckouts, sandboxRefunds } from '../db/schema/sandbox.ts';
import type {
  AttemptRef,
  AttemptState,
  CheckoutRequest,
  CloseOutcome,
  IssuedCheckout,
  RefundAnswer,
  RefundRequest,
} from './gateway.ts';
import { qrisPayload } from './qris-payload.ts';
import { localizePath } from '../../i18n/locales.ts';

export type SandboxCheckout = typeof sandboxCheckouts.$inferSelect;
export type SandboxRefund = typeof sandboxRefunds.$inferSelect;

/** A QRIS code lives this long at the gateway, whatever deadline we ask for (Xendit's documented 48 hours). */
const QR_LIFETIME_MS = 48 * 60 * 60 * 1000;

export type SandboxCheckoutStanding = 'open' | 'paid' | 'closed' | 'expired';

export function checkoutStanding(checkout: SandboxCheckout, now: Date): SandboxCheckoutStanding {
  if (checkout.paymentId) return 'paid';
  if (checkout.closedAt) return 'closed';
  return checkout.expiresAt <= now ? 'expired' : 'open';
}

/** The page a card session sends the traveller to: the sandbox's hosted card page on this site. */
export function sandboxCheckoutPath(id: string): string {
  return `/booking/sandbox-checkout?id=${encodeURIComponent(id)}`;
}

/** Opens a card session or issues a QRIS code; the same attempt asked again gets the first one, unchanged. */
export async function issueSandboxCheckout(
  db: Database,
  request: CheckoutRequest,
  now: Date,
): Promise<IssuedCheckout> {
  const id = `sandbox-${request.method}-${request.externalId}`;
  await db
    .insert(sandboxCheckouts)
    .values({
      id,
      externalId: request.externalId,
      method: request.method,
      amount: request.amount,
      returnUrl: request.method === 'card' ? request.returnPath : null,
      cancelUrl: request.method === 'card' ? request.cancelPath : null,
      qrString:
        request.method === 'qris'
          ? qrisPayload({ reference: request.externalId, amount: request.amount })
          : null,
      expiresAt: request.method === 'qris' ? new Date(now.getTime() + QR_LIFETIME_MS) : request.expiresAt,
    })
    .onConflictDoNothing();
  const [kept] = await db
    .select()
    .from(sandboxCheckouts)
    .where(eq(sandboxCheckouts.externalId, request.externalId));
  if (!kept) throw new Error('sandbox checkout not recorded');
  return kept.method === 'qris'
    ? { kind: 'qr', qrString: kept.qrString ?? '', gatewayAccountId: kept.id }
    : {
        kind: 'redirect',
        url: localizePath(sandboxCheckoutPath(kept.id), request.locale),
        gatewayAccountId: kept.id,
      };
}

export async function findSandboxCheckout(db: Database, id: string): Promise<SandboxCheckout | undefined> {
  const [checkout] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
  return checkout;
}

export async function closeSandboxCheckout(db: Database, ref: AttemptRef, now: Date): Promise<CloseOutcome> {
  const closed = await db
    .update(sandboxCheckouts)
    .set({ closedAt: now })
    .where(
      and(
        eq(sandboxCheckouts.id, ref.gatewayAccountId),
        isNull(sandboxCheckouts.paymentId),
        isNull(sandboxCheckouts.closedAt),
        gt(sandboxCheckouts.expiresAt, now),
      ),
    )
    .returning({ id: sandboxCheckouts.id });
  if (closed.length > 0) return 'closed';
  return (await findSandboxCheckout(db, ref.gatewayAccountId)) ? 'already_inactive' : 'not_found';
}

export async function sandboxCheckoutState(
  db: Database,
  ref: AttemptRef,
  now: Date,
): Promise<AttemptState | undefined> {
  const checkout = await findSandboxCheckout(db, ref.gatewayAccountId);
  if (checkout?.externalId !== ref.externalId) return undefined;
  const standing = checkoutStanding(checkout, now);
  if (standing === 'open') return { kind: 'open' };
  if (standing !== 'paid' || !checkout.paymentId) return { kind: 'closed' };
  const payment = {
    externalId: checkout.externalId,
    gatewayPaymentId: checkout.paymentId,
    amount: checkout.paidAmount ?? checkout.amount,
    paidAt: checkout.paidAt ?? now,
  };
  return { kind: 'paid', payments: [payment] };
}

/** The hosted card page or the QR simulator pays: only an open checkout takes money, once, under a row lock. */
export async function paySandboxCheckout(
  db: Database,
  id: string,
  now: Date,
): Promise<{ paid: SandboxCheckout } | { refused: Exclude<SandboxCheckoutStanding, 'open'> | 'not_found' }> {
  return db.transaction(async (tx) => {
    const [checkout] = await tx
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.id, id))
      .for('update');
    if (!checkout) return { refused: 'not_found' as const };
    const standing = checkoutStanding(checkout, now);
    if (standing !== 'open') return { refused: standing };
    const [paid] = await tx
      .update(sandboxCheckouts)
      .set({
        paymentId: `sandbox-pay-${randomBytes(8).toString('hex')}`,
        paidAmount: checkout.amount,
        paidAt: now,
      })
      .where(eq(sandboxCheckouts.id, id))
      .returning();
    if (!paid) throw new Error('sandbox payment not recorded');
    return { paid };
  });
}

/** The hosted page refused a card: remembered so the page can say so; the session stays open for another card. */
export async function declineSandboxCard(db: Database, id: string, now: Date): Promise<void> {
  await db.update(sandboxCheckouts).set({ declinedAt: now }).where(eq(sandboxCheckouts.id, id));
}

/**
 * A refund asked of the sandbox: taken for a payment it knows, up to the amount paid (less what earlier refunds of
 * it took), pending until a tester makes it succeed or fail. Asked twice for one refund, the first one answers.
 */
export async function requestSandboxRefund(
  db: Database,
  request: RefundRequest,
  now: Date,
): Promise<RefundAnswer> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.paymentId, request.gatewayPaymentId))
      .for('update');
    const [asked] = await tx
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.referenceId, request.refundId));
    if (asked) return { kind: 'requested' as const, gatewayRefundId: asked.id };
    if (!payment) return { kind: 'refused' as const, reason: 'PAYMENT_NOT_FOUND' };
    const earlier = await tx
      .select({ amount: sandboxRefunds.amount, status: sandboxRefunds.status })
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentId, request.gatewayPaymentId));
    const taken = earlier.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
    if (taken + request.amount > (payment.paidAmount ?? payment.amount))
      return { kind: 'refused' as const, reason: 'REFUND_AMOUNT_EXCEEDED' };
    const id = `sandbox-refund-${randomBytes(8).toString('hex')}`;
    await tx.insert(sandboxRefunds).values({
      id,
      referenceId: request.refundId,
      paymentId: request.gatewayPaymentId,
      amount: request.amount,
      createdAt: now,
    });
    return { kind: 'requested' as const, gatewayRefundId: id };
  });
}

/** The refunds of one sandbox payment, newest first, for the simulator's page. */
export function sandboxRefundsOf(db: Database, paymentId: string): Promise<SandboxRefund[]> {
  return db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId));
}

/** A tester decides a pending refund of this payment; undefined when decided already (or not this payment's). */
export async function settleSandboxRefund(
  db: Database,
  id: string,
  paymentId: string,
  outcome: 'succeeded' | 'failed',
): Promise<SandboxRefund | undefined> {
  const [settled] = await db
    .update(sandboxRefunds)
    .set({ status: outcome })
    .where(
      and(
        eq(sandboxRefunds.id, id),
        eq(sandboxRefunds.paymentId, paymentId),
        eq(sandboxRefunds.status, 'pending'),
      ),
    )
    .returning();
  return settled;
}
