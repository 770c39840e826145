import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { payments } from '../db/schema/payments.ts';
import { GatewayUnavailable, type PaymentGateway } from '../payments/gateway.ts';

/**
 * Closes at the gateway the virtual accounts of attempts that ended unpaid: the sweeper expired their booking, or
 * the VA arrived after its hold had lapsed. A payer who kept the number then cannot pay for seats the booking no
 * longer holds. Each closed VA is marked (`va_closed_at`) and leaves the queue; a VA the gateway no longer has is
 * marked too, with a warning. While the gateway is unreachable the round stops and the next sweep tries again.
 * Rows are not claimed: two processes closing the same VA is harmless (closing is idempotent) and rare.
 * Returns how many VAs left the queue.
 */
export async function closeVirtualAccounts(
  db: Database,
  gateway: PaymentGateway,
  now: () => Date,
  batch = 50,
): Promise<number> {
  const due = await db
    .select({ id: payments.id, externalId: payments.externalId, gatewayAccountId: payments.gatewayAccountId })
    .from(payments)
    .where(
      and(
        isNull(payments.vaClosedAt),
        isNotNull(payments.gatewayAccountId),
        inArray(payments.status, ['expired', 'failed']),
        // VAs of a gateway no longer configured cannot be closed with this one's keys.
        eq(payments.gateway, gateway.name),
      ),
    )
    .orderBy(asc(payments.expiresAt))
    .limit(batch);
  let done = 0;
  for (const attempt of due) {
    if (!attempt.gatewayAccountId) continue;
    let outcome;
    try {
      outcome = await gateway.closeVirtualAccount({
        gatewayAccountId: attempt.gatewayAccountId,
        externalId: attempt.externalId,
      });
    } catch (error) {
      if (error instanceof GatewayUnavailable) return done;
      throw error;
    }
    if (outcome === 'not_found')
      console.warn(
        `the gateway has no VA ${attempt.gatewayAccountId} (attempt ${attempt.externalId}) to close`,
      );
    await db.update(payments).set({ vaClosedAt: now() }).where(eq(payments.id, attempt.id));
    done++;
  }
  return done;
}
