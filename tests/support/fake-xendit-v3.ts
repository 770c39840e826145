import { randomBytes, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';

// The stand-in's card sessions, QRIS payment requests, payments and refunds (tests/support/fake-xendit.ts routes
// them here), after Xendit's API reference: create-session, get-session, cancel-session, create-payment-request,
// get-payment-request, cancel-payment-request, get-payment, refund-payment-request and the webhook pages.

export interface V3Request {
  method: string;
  url: string;
  idempotencyKey?: string | string[] | undefined;
  apiVersion?: string | string[] | undefined;
  body: string;
}

type Fields = Record<string, unknown>;

export const sessions = new Map<string, Fields>();
export const paymentRequests = new Map<string, Fields>();
export const v3Payments = new Map<string, Fields>();
export const refunds = new Map<string, Fields>();
const byIdempotencyKey = new Map<string, Fields>();
/** Per test: POST /refunds refuses with this (a channel without refunds, a window passed). */
export const v3 = { refuseRefunds: undefined as { status: number; error_code: string } | undefined };

export function resetV3() {
  for (const map of [sessions, paymentRequests, v3Payments, refunds, byIdempotencyKey]) map.clear();
  v3.refuseRefunds = undefined;
}

export const qrString =
  '00020101021226660014ID.CO.QRIS.WWW011893600914000012345602150000000000000005204481253033605406970000';
const now = () => new Date().toISOString();
const isHttps = (value: unknown) => typeof value === 'string' && /^https:\/\/[^\s]+$/.test(value);
const wholeAmount = (value: unknown) => Number.isSafeInteger(value) && (value as number) > 0;

function send(response: ServerResponse, status: number, body: unknown) {
  if (response.destroyed) return;
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Xendit's error answer: its error code and a message. */
function refuse(response: ServerResponse, status: number, error_code: string) {
  send(response, status, { error_code, message: error_code.toLowerCase().replaceAll('_', ' ') });
}

/** Xendit's session statuses: ACTIVE until completed, cancelled, or past its expiry. */
function sessionView(session: Fields): Fields {
  const lapsed = session.status === 'ACTIVE' && Date.parse(String(session.expires_at)) <= Date.now();
  return { ...session, status: lapsed ? 'EXPIRED' : session.status };
}

/** One create per idempotency key: a replay answers what the first one made. */
function replayed(request: V3Request, response: ServerResponse, status: number): boolean {
  const key = typeof request.idempotencyKey === 'string' ? request.idempotencyKey : undefined;
  const earlier = key ? byIdempotencyKey.get(`${request.url}:${key}`) : undefined;
  if (earlier) send(response, status, earlier);
  return earlier !== undefined;
}

function remember(request: V3Request, made: Fields) {
  if (typeof request.idempotencyKey === 'string')
    byIdempotencyKey.set(`${request.url}:${request.idempotencyKey}`, made);
}

function createSession(request: V3Request, body: Fields, response: ServerResponse) {
  if (replayed(request, response, 201)) return;
  const valid =
    typeof body.reference_id === 'string' &&
    body.reference_id.length <= 64 &&
    body.session_type === 'PAY' &&
    body.mode === 'PAYMENT_LINK' &&
    body.currency === 'IDR' &&
    body.country === 'ID' &&
    wholeAmount(body.amount) &&
    Array.isArray(body.allowed_payment_channels);
  if (!valid) {
    refuse(response, 400, 'API_VALIDATION_ERROR');
    return;
  }
  if (!isHttps(body.success_return_url) || !isHttps(body.cancel_return_url)) {
    refuse(response, 400, 'INVALID_URL');
    return;
  }
  if (!(Date.parse(String(body.expires_at)) >= Date.now() + 10 * 60_000)) {
    refuse(response, 400, 'INVALID_EXPIRY_DATE');
    return;
  }
  const id = `ps-${randomBytes(12).toString('hex')}`;
  const session = {
    ...body,
    payment_session_id: id,
    created: now(),
    updated: now(),
    status: 'ACTIVE',
    payment_link_url: `https://checkout-staging.xendit.co/sessions/${id}`,
    payment_request_id: null,
    payment_id: null,
    business_id: '661f87c614802d6c402cd82d',
  };
  sessions.set(id, session);
  remember(request, session);
  send(response, 201, session);
}

function createPaymentRequest(request: V3Request, body: Fields, response: ServerResponse) {
  if (request.apiVersion !== '2024-11-11') {
    refuse(response, 400, 'API_VALIDATION_ERROR');
    return;
  }
  if (replayed(request, response, 201)) return;
  const valid =
    typeof body.reference_id === 'string' &&
    body.type === 'PAY' &&
    body.country === 'ID' &&
    body.currency === 'IDR' &&
    wholeAmount(body.request_amount) &&
    body.channel_code === 'QRIS' &&
    typeof body.channel_properties === 'object';
  if (!valid) {
    refuse(response, 400, 'API_VALIDATION_ERROR');
    return;
  }
  const made = paymentRequest({ ...body, actions: [qrAction()], status: 'REQUIRES_ACTION' });
  remember(request, made);
  send(response, 201, made);
}

const qrAction = () => ({ type: 'PRESENT_TO_CUSTOMER', descriptor: 'QR_STRING', value: qrString });

function paymentRequest(fields: Fields): Fields {
  const id = `pr-${randomUUID()}`;
  const made = {
    ...fields,
    payment_request_id: id,
    capture_method: 'AUTOMATIC',
    created: now(),
    updated: now(),
  };
  paymentRequests.set(id, made);
  return made;
}

/** A payment request takes its payment: the payment (GET /v3/payments) and the request's latest_payment_id. */
function settle(requestId: string, amount: number): Fields {
  const request = paymentRequests.get(requestId);
  if (!request) throw new Error(`no fake payment request ${requestId}`);
  const paymentId = `py-${randomUUID()}`;
  const payment = {
    payment_id: paymentId,
    payment_request_id: requestId,
    reference_id: request.reference_id,
    type: 'PAY',
    country: 'ID',
    currency: 'IDR',
    request_amount: request.request_amount,
    channel_code: request.channel_code,
    status: 'SUCCEEDED',
    captures: [{ capture_id: `cap-${randomUUID()}`, capture_amount: amount, capture_timestamp: now() }],
    created: now(),
    updated: now(),
  };
  v3Payments.set(paymentId, payment);
  Object.assign(request, { status: 'SUCCEEDED', latest_payment_id: paymentId, updated: now() });
  return payment;
}

/** The traveller pays the QR (any amount the app lets them: `amount` plays a misbehaving issuer). */
export function payQr(requestId: string, amount?: number): Fields {
  return settle(requestId, amount ?? Number(paymentRequests.get(requestId)?.request_amount));
}

/** The traveller pays by card on the hosted page: the session makes a CARDS payment request and completes. */
export function payCard(sessionId: string, amount?: number): { session: Fields; payment: Fields } {
  const session = sessions.get(sessionId);
  if (!session) throw new Error(`no fake session ${sessionId}`);
  // Which reference id a session's payment request carries is not documented: a different one here, so the
  // adapter is shown to take the attempt from the session.
  const request = paymentRequest({
    reference_id: `session-${sessionId}`,
    type: 'PAY',
    country: 'ID',
    currency: 'IDR',
    request_amount: session.amount,
    channel_code: 'CARDS',
    status: 'REQUIRES_ACTION',
  });
  const payment = settle(String(request.payment_request_id), amount ?? Number(session.amount));
  Object.assign(session, {
    status: 'COMPLETED',
    payment_request_id: request.payment_request_id,
    payment_id: payment.payment_id,
    updated: now(),
  });
  return { session, payment };
}

function createRefund(request: V3Request, body: Fields, response: ServerResponse) {
  if (replayed(request, response, 200)) return;
  if (v3.refuseRefunds) {
    refuse(response, v3.refuseRefunds.status, v3.refuseRefunds.error_code);
    return;
  }
  const reasons = ['FRAUDULENT', 'DUPLICATE', 'REQUESTED_BY_CUSTOMER', 'CANCELLATION', 'OTHERS'];
  if (typeof body.payment_request_id !== 'string' || !reasons.includes(String(body.reason))) {
    refuse(response, 400, 'API_VALIDATION_ERROR');
    return;
  }
  const paid = paymentRequests.get(body.payment_request_id);
  if (!paid) {
    refuse(response, 404, 'DATA_NOT_FOUND');
    return;
  }
  if (paid.status !== 'SUCCEEDED') {
    refuse(response, 400, 'INELIGIBLE_TRANSACTION_STATUS');
    return;
  }
  const payment = v3Payments.get(String(paid.latest_payment_id));
  const taken = [...refunds.values()]
    .filter((r) => r.payment_request_id === body.payment_request_id && r.status !== 'FAILED')
    .reduce((sum, r) => sum + Number(r.amount), 0);
  const capture = (payment?.captures as Fields[] | undefined)?.[0]?.capture_amount;
  if (taken + Number(body.amount) > Number(capture)) {
    refuse(response, 400, 'REFUND_AMOUNT_EXCEEDED');
    return;
  }
  const refund = {
    ...body,
    id: `rfd-${randomUUID()}`,
    payment_id: paid.latest_payment_id,
    channel_code: paid.channel_code,
    status: 'PENDING',
    failure_code: null,
    created: now(),
    updated: now(),
  };
  refunds.set(refund.id, refund);
  remember(request, refund);
  send(response, 200, refund);
}

/** The refund ends at the issuer (refund.succeeded / refund.failed follow). */
export function settleRefund(id: string, status: 'SUCCEEDED' | 'FAILED', failureCode?: string): Fields {
  const refund = refunds.get(id);
  if (!refund) throw new Error(`no fake refund ${id}`);
  return Object.assign(refund, { status, failure_code: failureCode ?? null, updated: now() });
}

const stores: Record<string, Map<string, Fields> | undefined> = {
  sessions,
  'v3/payment_requests': paymentRequests,
  'v3/payments': v3Payments,
  refunds,
};
const objectPath = /^\/(sessions|v3\/payment_requests|v3\/payments|refunds)\/([^/]+)(\/cancel)?$/;

/** GET of one object, or cancelling a session (422 unless ACTIVE) or a payment request (400 once inactive). */
function answerObject(
  kind: string,
  found: Fields | undefined,
  cancelling: boolean,
  response: ServerResponse,
) {
  const session = kind === 'sessions';
  if (!found) {
    refuse(response, 404, session ? 'NOT_FOUND' : 'DATA_NOT_FOUND');
    return;
  }
  const shown = session ? sessionView(found) : found;
  if (!cancelling) send(response, 200, shown);
  else if (shown.status !== (session ? 'ACTIVE' : 'REQUIRES_ACTION'))
    refuse(response, session ? 422 : 400, session ? 'INVALID_SESSION_STATUS' : 'INACTIVE_PAYMENT_REQUEST');
  else send(response, 200, Object.assign(found, { status: 'CANCELED', updated: now() }));
}

/** Answers the v3 routes; false when the request is none of them. */
export function answerV3(request: V3Request, response: ServerResponse): boolean {
  const body = (request.body ? JSON.parse(request.body) : {}) as Fields;
  const { method, url } = request;
  if (method === 'POST' && url === '/sessions') createSession(request, body, response);
  else if (method === 'POST' && url === '/v3/payment_requests') createPaymentRequest(request, body, response);
  else if (method === 'POST' && url === '/refunds') createRefund(request, body, response);
  else {
    const [, kind = '', id = '', cancel] = objectPath.exec(url) ?? [];
    const cancellable = kind === 'sessions' || kind === 'v3/payment_requests';
    const store = stores[kind];
    if (!store || method !== (cancel ? 'POST' : 'GET') || (cancel && !cancellable)) return false;
    answerObject(kind, store.get(decodeURIComponent(id)), cancel !== undefined, response);
  }
  return true;
}
