import { Hono } from 'hono';
import { recordAnomaly } from '../../services/record-anomaly.ts';
import { runUseCase, useCaseContext } from '../use-case-context.ts';
import { recordPayment } from '../../use-cases/record-payment.ts';
import { recordRefundOutcome } from '../../use-cases/record-refund-outcome.ts';
import type { AppDeps } from '../../deps.ts';

/**
 * POST /api/payments/{gateway}/callback: a gateway reports a payment. Only the active gateway's route exists (404
 * for the other). Authenticity is checked before the body is read (401); a verified payment is recorded under the
 * booking's row lock and answered 200 whatever it did, so the gateway stops retrying; so is one we cannot apply
 * (an odd amount, an attempt we never made), which is kept as an anomaly for the agency. 503 (gateway unreachable
 * while fetching the payment back, a payment its API says it does not know, or our rows busy) and 500 (our
 * database failed) make the gateway retry later; only a wrong token is 401.
 */
export function paymentsRoutes(deps: AppDeps) {
  return new Hono().post('/payments/:gateway/callback', async (c) => {
    const { gateway } = deps.payments;
    if (c.req.param('gateway') !== gateway.name) return c.json({ message: 'no such gateway' }, 404);
    const body = await c.req.text();
    const event = await gateway.receiveCallback({ headers: c.req.raw.headers, body });
    c.header('Cache-Control', 'no-store');
    if (event.kind === 'ignored') return c.json({ status: 'ignored', reason: event.reason });
    const ctx = await useCaseContext(deps, c.req.raw, {
      locale: 'en',
      actor: { kind: 'gateway', gateway: gateway.name },
    });
    const anomaly = (reason: string) =>
      recordAnomaly(ctx.db, { gateway: gateway.name, reason, body, receivedAt: ctx.clock() });
    if (event.kind === 'anomaly') {
      await anomaly(event.reason);
      return c.json({ status: 'anomaly', reason: event.reason });
    }
    // Maybe real money we cannot confirm yet: the agency sees it at once, and the gateway retries until it is.
    if (event.kind === 'unverified') {
      await anomaly(event.reason);
      c.header('Retry-After', '60');
      return c.json({ status: 'unverified', reason: event.reason }, 503);
    }
    if (event.kind === 'refund') {
      const outcome = await runUseCase(recordRefundOutcome, ctx, event.refund);
      // A refund we never asked for, or money sent back twice (by the gateway and by transfer): someone must look.
      if (outcome === 'unknown' || outcome === 'paid_twice')
        await anomaly(outcome === 'unknown' ? 'unknown_refund' : 'refund_paid_twice');
      return c.json({ status: outcome });
    }
    const result = await runUseCase(recordPayment, ctx, event.payment);
    // Money paid to a VA we have no record of: someone must look, the gateway need not retry.
    if (result.outcome === 'unknown') await anomaly('unknown_attempt');
    return c.json({ status: result.outcome });
  });
}
