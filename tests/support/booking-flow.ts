import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import { payments, tickets } from '../../src/server/db/schema/payments.ts';
import { sandboxSignature, type SandboxCallbackBody } from '../../src/server/payments/sandbox.ts';
import { Network } from '../../src/server/network.ts';
import { bookingView, type BookingView } from '../../src/server/services/booking-view.ts';
import type { SearchResult } from '../../src/server/services/search-schedules.ts';
import type { testApp } from './app.ts';
import { TEST_SANDBOX_SECRET } from './app.ts';

type App = ReturnType<typeof testApp>;

export const contact = { fullName: 'Siti Rahma', email: 'siti@example.co.id', phone: '+6281234567890' };
export const passenger = (name: string) => ({
  fullName: name,
  dateOfBirth: '1990-05-14',
  passportNumber: 'C1234567',
  passportIssued: '2021-03-02',
  passportExpiry: '2031-03-01',
  passportCountry: 'ID',
});

const json = (method: string, body: unknown) => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/**
 * Holds `adults` seats (one way, or two way returning two days later) and saves contact (the sample one unless
 * given) and passengers.
 */
export async function bookingReadyToPay(
  app: App,
  options: {
    date: string;
    adults?: number;
    /** Infants on an adult's lap (born 1 August 2025), after the adults. */
    infants?: number;
    trip?: 'one_way' | 'two_way';
    /** The search's first or last sailing of the day, or a sailing of that day by its id. */
    sailing?: 'first' | 'last' | { id: string };
    contact?: typeof contact;
    /** The ports, Batam Centre to HarbourFront unless given. */
    route?: { from: string; to: string };
  },
): Promise<{ id: string; code: string; sailingId: string }> {
  const adults = options.adults ?? 1;
  const trip = options.trip ?? 'one_way';
  const returnDate = new Date(Date.parse(options.date) + 2 * 86_400_000).toISOString().slice(0, 10);
  const query = new URLSearchParams({
    trip,
    from: options.route?.from ?? 'BTC',
    to: options.route?.to ?? 'HFC',
    date: options.date,
    adults: String(adults),
  });
  if (trip === 'two_way') query.set('returnDate', returnDate);
  const search = (await (await app.request(`/api/schedules?${query.toString()}`)).json()) as SearchResult;
  const pick = options.sailing === 'last' ? -1 : 0;
  const out =
    typeof options.sailing === 'object' ? options.sailing.id : (search.outbound?.sailings.at(pick)?.id ?? '');
  const ret = trip === 'two_way' ? search.return?.sailings.at(-1)?.id : undefined;
  const infants = options.infants ?? 0;
  const held = await app.request('/api/bookings', json('POST', { trip, out, ret, adults, infants }));
  if (held.status !== 201) throw new Error(`hold failed: ${String(held.status)} ${await held.text()}`);
  const { id, code } = (await held.json()) as { id: string; code: string };
  const people = [
    ...Array.from({ length: adults }, (_, i) => passenger(`Passenger ${String.fromCharCode(65 + i)}`)),
    ...Array.from({ length: infants }, (_, i) => ({
      ...passenger(`Baby ${String.fromCharCode(65 + i)}`),
      dateOfBirth: '2025-08-01',
    })),
  ];
  const saved = await app.request(
    `/api/bookings/${id}/details`,
    json('PUT', { contact: options.contact ?? contact, passengers: people }),
  );
  if (saved.status !== 204) throw new Error(`details failed: ${await saved.text()}`);
  return { id, code, sailingId: out };
}

export function pay(app: App, id: string, bank = 'bni', agree: unknown = true) {
  return app.request(`/api/bookings/${id}/payment`, json('POST', { bank, agree }));
}

type PaymentRow = Pick<
  typeof payments.$inferSelect,
  'externalId' | 'accountNumber' | 'bank' | 'method' | 'amount'
>;

/** The "VA paid" callback of an issued VA: the full amount, paid at `paidAt`, unless `overrides` say otherwise. */
export function paidCallbackBody(
  payment: PaymentRow | undefined,
  paidAt: Date,
  overrides: Partial<SandboxCallbackBody> = {},
): SandboxCallbackBody {
  if (!payment) throw new Error('no virtual account was issued');
  return {
    event: 'va.paid',
    external_id: payment.externalId,
    payment_id: `pay-${payment.externalId}`,
    account_number: payment.accountNumber ?? '',
    bank_code: (payment.bank ?? payment.method).toUpperCase(),
    amount: payment.amount,
    transaction_timestamp: paidAt.toISOString(),
    ...overrides,
  };
}

/** A callback as the sandbox simulator sends it, signed at `now` (the app's clock) unless `signature` says otherwise. */
export function sandboxCallback(
  app: App,
  body: SandboxCallbackBody,
  options: { now: Date; signature?: string | null; tamper?: (raw: string) => string },
) {
  const raw = JSON.stringify(body);
  const signature =
    options.signature === undefined
      ? sandboxSignature(TEST_SANDBOX_SECRET, raw, options.now)
      : options.signature;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (signature !== null) headers['X-Sandbox-Signature'] = signature;
  return app.request('/api/payments/sandbox/callback', {
    method: 'POST',
    headers,
    body: options.tamper ? options.tamper(raw) : raw,
  });
}

/** Pays a booking's VA in full through the sandbox's signed callback, at `now`: the booking is then paid. */
export async function payInFull(app: App, db: Database, id: string, now: Date): Promise<void> {
  if ((await pay(app, id)).status !== 200) throw new Error('pay failed');
  const [payment] = await db.select().from(payments).where(eq(payments.bookingId, id));
  const answer = await sandboxCallback(app, paidCallbackBody(payment, now), { now });
  if (answer.status !== 200) throw new Error(`the payment callback failed: ${String(answer.status)}`);
}

/** A booking for `adults` on the first sailing of `date`, paid in full at `now`, as its views read it (in English). */
export async function paidBookingView(
  app: App,
  db: Database,
  options: { date: string; adults?: number; now: Date },
): Promise<BookingView> {
  const { id } = await bookingReadyToPay(app, { date: options.date, adults: options.adults ?? 2 });
  await payInFull(app, db, id, options.now);
  const view = await bookingView(db, new Network(), id, 'en');
  if (view?.status !== 'paid') throw new Error(`booking ${id} was not paid`);
  return view;
}

/** Every ticket number of a booking, passenger by passenger. */
export function ticketNumbersOf(view: BookingView): string[] {
  return view.passengers.flatMap((p) => p.tickets.map((t) => t.ticketNumber));
}

/** `count` bookings of two adults on one sailing, paid in full at `now`, each with its ticket numbers. */
export async function paidBookingsOn(
  app: App,
  db: Database,
  sailing: { id: string; date: string },
  count: number,
  now: Date,
): Promise<{ id: string; tickets: string[] }[]> {
  const made: { id: string; tickets: string[] }[] = [];
  for (let i = 0; i < count; i++) {
    const { id } = await bookingReadyToPay(app, {
      date: sailing.date,
      adults: 2,
      sailing: { id: sailing.id },
    });
    await payInFull(app, db, id, now);
    const rows = await db.select().from(tickets).where(eq(tickets.bookingId, id));
    made.push({ id, tickets: rows.map((row) => row.ticketNumber) });
  }
  return made;
}
