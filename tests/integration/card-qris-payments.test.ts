import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import { paymentAnomalies } from '../../src/server/db/schema/anomalies.ts';
import { payments, refunds, sentMails } from '../../src/server/db/schema/payments.ts';
import { extendSailings, upsertNetwork } from '../../src/server/db/seed.ts';
import { requestGatewayRefunds } from '../../src/server/jobs/request-refunds.ts';
import { loadNetworkData } from '../../src/server/network-data.ts';
import { createSandboxGateway, sandboxSignature } from '../../src/server/payments/sandbox.ts';
import { paySandboxCheckout } from '../../src/server/payments/sandbox-checkouts.ts';
import { TEST_SANDBOX_SECRET, testApp, testDeps } from '../support/app.ts';
import type { PageAstro } from '../../src/server/http/pages/page-astro.ts';
import { servePayment } from '../../src/pages/[...locale]/booking/[id]/_payment.ts';
import { bookingReadyToPay, paidCallbackBody, pay, sandboxCallback } from '../support/booking-flow.ts';
import { accessTo } from '../support/booking-access.ts';
import { testDatabases } from '../support/databases.ts';
import { markRefundPaid } from '../../src/server/use-cases/refund-queue.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const now = new Date('2026-11-21T10:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

describe.each(testDatabases)('cards, QRIS and refunds to them on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let app: ReturnType<typeof testApp>;

  const payBy = (id: string, method: string) =>
    app.request(`/api/bookings/${id}/payment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ method, agree: true }),
    });
  const attempts = (id: string) => handle.db.select().from(payments).where(eq(payments.bookingId, id));
  const booking = async (id: string) =>
    (await handle.db.select().from(bookings).where(eq(bookings.id, id)))[0];
  // Paid as the sandbox's hosted page or QR simulator pays it: in the gateway's books first, then its webhook.
  const paidBy = async (attempt: typeof payments.$inferSelect | undefined, at: Date) => {
    const paid = await paySandboxCheckout(handle.db, attempt?.gatewayAccountId ?? '', at);
    const paymentId = 'paid' in paid ? (paid.paid.paymentId ?? '') : `unpaid-${attempt?.externalId ?? ''}`;
    const body = { ...paidCallbackBody(attempt, at), event: 'checkout.paid' as const, payment_id: paymentId };
    return sandboxCallback(app, body, { now: at });
  };
  const refundWebhook = (body: object) => {
    const raw = JSON.stringify(body);
    return app.request('/api/payments/sandbox/callback', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Sandbox-Signature': sandboxSignature(TEST_SANDBOX_SECRET, raw, now),
      },
      body: raw,
    });
  };
  const gateway = () =>
    createSandboxGateway({
      secret: TEST_SANDBOX_SECRET,
      database: () => Promise.resolve(handle.db),
      clock: () => now,
    });

  beforeAll(async () => {
    ({ handle, drop } = await database.create());
    const network = loadNetworkData();
    await upsertNetwork(handle.db, network);
    await extendSailings(handle.db, network, now, 40);
    app = testApp(handle.db, now);
  });
  afterAll(() => drop());

  it('pays by card through the hosted page: the card fee, the page to go to, and tickets once its webhook lands', async () => {
    const { id } = await bookingReadyToPay(app, { date: '2026-12-02' });
    expect((await payBy(id, 'card')).status).toBe(200);
    const [attempt] = await attempts(id);
    expect(attempt).toMatchObject({ method: 'card', bank: null, status: 'pending' });
    expect(attempt?.checkoutUrl).toMatch(/^\/booking\/sandbox-checkout\?id=sandbox-card-/);
    const held = await booking(id);
    expect(held?.status).toBe('awaiting_payment');
    expect(held?.price.transactionFee).toBe(35_000);
    expect(await (await paidBy(attempt, minutes(3))).json()).toEqual({ status: 'confirmed' });
    expect((await booking(id))?.status).toBe('paid');
  });

  it('lets a traveller switch from a VA to a card within the same deadline, and refunds the second payment to the card', async () => {
    const { id } = await bookingReadyToPay(app, { date: '2026-12-03' });
    expect((await pay(app, id, 'bni')).status).toBe(200);
    const deadline = (await booking(id))?.expiresAt;
    expect((await payBy(id, 'card')).status).toBe(200);
    const rows = await attempts(id);
    const va = rows.find((row) => row.method === 'bni');
    const card = rows.find((row) => row.method === 'card');
    expect([va?.status, card?.status]).toEqual(['replaced', 'pending']);
    expect((await booking(id))?.expiresAt).toEqual(deadline); // a new method never buys time
    expect((await booking(id))?.price.transactionFee).toBe(35_000);
    const shown = async () =>
      (await (await app.request(`/api/bookings/${id}`)).json()) as {
        payment?: { method: string };
        refunds: { method?: string }[];
      };
    expect((await shown()).payment?.method).toBe('card'); // the replaced VA is never shown again
    // The VA was paid first: it counts, with its own fee; the card's payment after it goes back to the card.
    expect(await (await sandboxCallback(app, paidCallbackBody(va, minutes(2)), { now })).json()).toEqual({
      status: 'confirmed',
    });
    expect((await booking(id))?.price.transactionFee).toBe(4_500);
    // The card's session is closed at the gateway next: nobody pays a paid booking twice on purpose.
    expect((await attempts(id)).find((row) => row.method === 'card')?.status).toBe('replaced');
    expect(await (await paidBy(card, minutes(3))).json()).toEqual({ status: 'already_paid' });
    const [refund] = await handle.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(refund).toMatchObject({ reason: 'already_paid', path: 'gateway', gatewayState: 'to_request' });
    expect((await shown()).refunds.map((r) => r.method)).toEqual(['card']); // back to the card, not the VA
    // Asked of the gateway outside any transaction, once however often (and however many at once) the job runs.
    const rounds = await Promise.all(
      [1, 2].map(() => requestGatewayRefunds(handle.db, gateway(), () => now)),
    );
    expect(rounds.reduce((a, b) => a + b)).toBe(1);
    expect(await requestGatewayRefunds(handle.db, gateway(), () => now)).toBe(0);
    const [asked] = await handle.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(asked?.gatewayState).toBe('requested');
    const body = { event: 'refund.succeeded', reference_id: asked?.id, refund_id: asked?.gatewayRefundId };
    expect(await (await refundWebhook(body)).json()).toEqual({ status: 'succeeded' });
    expect(await (await refundWebhook(body)).json()).toEqual({ status: 'duplicate' });
    const [done] = await handle.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(done).toMatchObject({ status: 'done', gatewayState: 'succeeded' });
    const mails = await handle.db.select().from(sentMails).where(eq(sentMails.bookingId, id));
    expect(mails.map((m) => m.kind)).toContain('refund_to_method');
  });

  it('falls back to a bank transfer when the gateway fails a refund, and asks the traveller for an account', async () => {
    const { id } = await bookingReadyToPay(app, { date: '2026-12-04' });
    await payBy(id, 'qris');
    const [qr] = await attempts(id);
    await paidBy(qr, minutes(1));
    // A second, different payment of the same QR (a payer scanning twice) is refunded to the wallet.
    await sandboxCallback(
      app,
      { ...paidCallbackBody(qr, minutes(2)), event: 'checkout.paid', payment_id: 'again' },
      { now },
    );
    const [refund] = await handle.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(refund?.path).toBe('gateway');
    const body = {
      event: 'refund.failed',
      reference_id: refund?.id,
      refund_id: 'rf-1',
      failure_code: 'CHANNEL_UNSUPPORTED',
    };
    expect(await (await refundWebhook(body)).json()).toEqual({ status: 'failed' });
    const [fallen] = await handle.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(fallen).toMatchObject({ path: 'bank_transfer', gatewayState: 'failed', status: 'queued' });
    expect(fallen?.failure).toContain('CHANNEL_UNSUPPORTED');
    const mails = await handle.db.select().from(sentMails).where(eq(sentMails.bookingId, id));
    expect(mails.map((m) => m.kind)).toContain('refund_account_needed');

    // Out of order: the gateway's success arrives after its failure, while the transfer is still unpaid. The
    // money went back to the wallet after all: the refund is done there, and no transfer is owed.
    const late = { event: 'refund.succeeded', reference_id: refund?.id, refund_id: 'rf-1' };
    expect(await (await refundWebhook(late)).json()).toEqual({ status: 'succeeded' });
    expect(await (await refundWebhook(body)).json()).toEqual({ status: 'duplicate' });
    const [settled] = await handle.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(settled).toMatchObject({
      path: 'gateway',
      gatewayState: 'succeeded',
      status: 'done',
      failure: null,
    });
    // Another refund id under our reference is not ours to apply; the agency sees it.
    const stranger = { ...late, refund_id: 'rf-someone-else' };
    expect(await (await refundWebhook(stranger)).json()).toEqual({ status: 'unknown' });
  });

  it('tells the agency of money sent back twice: the gateway succeeds after the agency paid by transfer', async () => {
    const { id } = await bookingReadyToPay(app, { date: '2026-12-07' });
    await payBy(id, 'card');
    const [card] = await attempts(id);
    await paidBy(card, minutes(1));
    await sandboxCallback(
      app,
      { ...paidCallbackBody(card, minutes(2)), event: 'checkout.paid', payment_id: 'twice' },
      { now },
    );
    const [refund] = await handle.db.select().from(refunds).where(eq(refunds.bookingId, id));
    const failed = { event: 'refund.failed', reference_id: refund?.id, refund_id: 'rf-2' };
    expect(await (await refundWebhook(failed)).json()).toEqual({ status: 'failed' });
    const clock = () => minutes(10);
    expect(await markRefundPaid({ db: handle.db, clock, by: 'system' }, refund?.id ?? '', 'BCA-1')).toBe(
      'paid',
    );
    const succeeded = { event: 'refund.succeeded', reference_id: refund?.id, refund_id: 'rf-2' };
    expect(await (await refundWebhook(succeeded)).json()).toEqual({ status: 'paid_twice' });
    const kept = await handle.db.select().from(paymentAnomalies);
    expect(kept.map((a) => a.reason)).toContain('refund_paid_twice');
  });

  it('asks again every 5 seconds, without script, while a card payment the traveller came back from is checked', async () => {
    const { id } = await bookingReadyToPay(app, { date: '2026-12-08' });
    await payBy(id, 'card');
    const url = new URL(`http://localhost/booking/${id}/payment?returned`);
    const response = { status: 200, headers: new Headers() };
    const astro = {
      request: new Request(url),
      url,
      params: { id },
      locals: { locale: 'en', deps: testDeps(handle.db, () => now) },
      cookies: { get: () => undefined, set: () => undefined, delete: () => undefined },
      response,
      clientAddress: '127.0.0.1',
      redirect: (to: string, status = 302) => new Response(null, { status, headers: { Location: to } }),
    } as unknown as PageAstro;
    const page = await servePayment(astro);
    expect(page).toMatchObject({ step: 'instructions', returned: true, payment: { kind: 'card' } });
    expect(response.headers.get('Refresh')).toBe('5');
  });

  it('draws a QRIS code to save as a PNG while it may be paid, and refuses it after the deadline', async () => {
    const { id } = await bookingReadyToPay(app, { date: '2026-12-05' });
    await payBy(id, 'qris');
    const [qr] = await attempts(id);
    expect(qr?.qrString).toMatch(/^000201010212.*6304[0-9A-F]{4}$/);
    const image = await app.request(`/api/bookings/${id}/qris.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toMatch(/attachment; filename="QRIS-/);
    const late = testApp(handle.db, minutes(61));
    expect((await late.request(`/api/bookings/${id}/qris.png`)).status).toBe(409);
  });

  it('cancels a card-paid ticket without asking for a bank account: the refund goes back to the card', async () => {
    const { id } = await bookingReadyToPay(app, { date: '2026-12-06' });
    await payBy(id, 'card');
    const [attempt] = await attempts(id);
    await paidBy(attempt, minutes(1));
    const view = (await (await app.request(`/api/bookings/${id}`)).json()) as {
      passengers: { tickets: { ticketNumber: string }[] }[];
    };
    const ticket = view.passengers[0]?.tickets[0]?.ticketNumber;
    const cancelled = await app.request(`/api/bookings/${id}/cancellation`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...accessTo(id, now) },
      body: JSON.stringify({ tickets: [ticket], agree: true }),
    });
    expect(cancelled.status).toBe(200);
    const [refund] = await handle.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(refund).toMatchObject({
      reason: 'cancellation',
      path: 'gateway',
      gatewayState: 'to_request',
      bank: null,
    });
  });
});
