import { eq } from 'drizzle-orm';
import * as m from '../../src/paraglide/messages.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import type { AppDeps } from '../../src/server/deps.ts';
import { submitForm, type FormRefusal } from '../../src/server/http/form-post.ts';
import { deliverMails } from '../../src/server/jobs/deliver-mails.ts';
import type { MailMessage } from '../../src/server/mail/transport.ts';
import type { SearchResult } from '../../src/server/services/search-schedules.ts';
import { checkIn } from '../../src/server/use-cases/check-in.ts';
import { hold } from '../../src/server/use-cases/hold-seats.ts';
import { saveDetails } from '../../src/server/use-cases/save-details.ts';
import { insertBooking } from '../factories/bookings.ts';
import { testApp, testDeps } from '../support/app.ts';
import { paidBookingView, ticketNumbersOf } from '../support/booking-flow.ts';
import { pglite, seeded } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const now = new Date('2026-11-21T10:00:00Z');

/** The two plain forms as their pages run them (schedule.astro and [id].astro): the declared use cases. */
const holdForm = hold;
const detailsForm = saveDetails;
const ofBooking = (id: string) => ({ params: { id } });

const post = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  request: new Request('http://localhost/id/booking/schedule', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  }),
  locals: { locale: 'id' as const },
  clientAddress: '203.0.113.9',
});

const refusal = (answer: unknown): FormRefusal => {
  expect(answer).not.toBeInstanceOf(Response);
  expect(answer).toBeDefined();
  return answer as FormRefusal;
};

describe('plain form posts through the one form adapter', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let deps: AppDeps;
  let outbound: string;
  let full: string;

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await pglite.create(), now, 30));
    deps = testDeps(handle.db, now);
    const found = (await (
      await testApp(handle.db, now).request('/api/schedules?from=SKP&to=HFC&date=2026-11-25')
    ).json()) as SearchResult;
    const [first, second] = found.outbound?.sailings ?? [];
    if (!first || !second) throw new Error('no sailings');
    outbound = first.id;
    full = second.id;
    await insertBooking(handle.db, { code: 'FULLBK', status: 'paid', seats: 180, sailingId: full });
  });
  afterAll(() => drop());

  const search = { trip: 'one_way', from: 'SKP', to: 'HFC', date: '2026-11-25', adults: '2' };

  it('holds the chosen sailing and answers 303 to the booking, so a reload does not post again', async () => {
    const answer = await submitForm(post({ ...search, out: outbound }), holdForm, {}, deps);
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(303);
    const id = /^\/id\/booking\/([\w-]+)$/.exec(response.headers.get('Location') ?? '')?.[1] ?? '';
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row?.status).toBe('held');
  });

  it('gives a sold out sailing back as 409 with the reason in the page language and the choices kept', async () => {
    const answer = refusal(await submitForm(post({ ...search, out: full }), holdForm, {}, deps));
    expect(answer.status).toBe(409);
    expect(Object.values(answer.errors).flat()).toEqual([expect.stringMatching(/kursi|penuh|tersisa/i)]);
    expect(answer.form.get('out')).toBe(full);
    expect(answer.form.get('adults')).toBe('2');
  });

  it('refuses a malformed choice with 400 and the schema key localized, touching nothing', async () => {
    const before = await handle.db.$count(bookings);
    const answer = refusal(await submitForm(post({ ...search, out: 'not-a-sailing' }), holdForm, {}, deps));
    expect(answer.status).toBe(400);
    expect(Object.values(answer.errors).flat().join(' ')).not.toMatch(/hold_error|_/);
    expect(await handle.db.$count(bookings)).toBe(before);
  });

  it('answers a cross-site post 403 and an oversized one 413 before reading the use case', async () => {
    const cross = await submitForm(post(search, { 'Sec-Fetch-Site': 'cross-site' }), holdForm, {}, deps);
    expect((cross as Response).status).toBe(403);
    const big = await submitForm(post({ ...search, out: 'x'.repeat(70_000) }), holdForm, {}, deps);
    expect((big as Response).status).toBe(413);
  });

  it('leaves a GET alone: the page renders as it always does', async () => {
    const page = {
      request: new Request('http://localhost/booking/schedule'),
      locals: { locale: 'en' as const },
    };
    expect(await submitForm(page, holdForm, {}, deps)).toBeUndefined();
  });

  /** Holds one seat through the schedule page's plain form: the new booking's id, from where it leads. */
  async function holdOneSeat(): Promise<string> {
    const held = (await submitForm(
      post({ ...search, adults: '1', out: outbound }),
      holdForm,
      {},
      deps,
    )) as Response;
    return (held.headers.get('Location') ?? '').split('/').at(-1) ?? '';
  }

  it('saves the booking details and goes on to payment, or gives every typed value back with errors by path', async () => {
    const id = await holdOneSeat();
    const fields = {
      'contact.fullName': 'Siti Rahma',
      'contact.email': 'siti@example',
      'contact.phoneCountry': 'ID',
      'contact.phone': '0812 3456 7890',
      'passengers.0.fullName': 'Siti Rahma',
      'passengers.0.dateOfBirth': '1990-05-14',
      'passengers.0.passportNumber': 'C1234567',
      'passengers.0.passportIssued': '2021-03-02',
      'passengers.0.passportExpiry': '2031-03-01',
      'passengers.0.passportCountry': 'ID',
    };
    const refused = refusal(await submitForm(post(fields), detailsForm, ofBooking(id), deps));
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.errors)).toEqual(['contact.email']);
    expect(refused.errors['contact.email']).toEqual([m.booking_error_email_invalid({}, { locale: 'id' })]);
    expect(Object.fromEntries(refused.form)).toEqual(fields);
    const [untouched] = await handle.db.select().from(bookings).where(eq(bookings.id, id));
    expect(untouched?.contactEmail ?? null).toBeNull();

    const saved = await submitForm(
      post({ ...fields, 'contact.email': 'siti@example.co.id' }),
      detailsForm,
      ofBooking(id),
      deps,
    );
    expect((saved as Response).status).toBe(303);
    expect((saved as Response).headers.get('Location')).toBe(`/id/booking/${id}/payment`);
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ contactEmail: 'siti@example.co.id', contactPhone: '+6281234567890' });
  });

  it('answers details for a booking that does not exist as a 404 refusal', async () => {
    const answer = refusal(
      await submitForm(
        post({
          'contact.fullName': 'Ana',
          'contact.email': 'ana@example.co.id',
          'contact.phone': '+6281234567890',
          'passengers.0.fullName': 'Ana',
          'passengers.0.dateOfBirth': '1990-05-14',
          'passengers.0.passportNumber': 'C1234567',
          'passengers.0.passportIssued': '2021-03-02',
          'passengers.0.passportExpiry': '2031-03-01',
          'passengers.0.passportCountry': 'ID',
        }),
        detailsForm,
        ofBooking('00000000-0000-4000-8000-000000000000'),
        deps,
      ),
    );
    expect(answer.status).toBe(404);
  });

  it("ends a refused phone number with an example of its country's numbers (no script to add it)", async () => {
    const id = await holdOneSeat();
    const refused = refusal(
      await submitForm(
        post({
          'contact.fullName': 'Lim Wei Ling',
          'contact.email': 'lim@example.sg',
          'contact.phoneCountry': 'SG',
          'contact.phone': '812',
          'passengers.0.fullName': 'Lim Wei Ling',
          'passengers.0.dateOfBirth': '1990-05-14',
          'passengers.0.passportNumber': 'K1234567',
          'passengers.0.passportIssued': '2021-03-02',
          'passengers.0.passportExpiry': '2031-03-01',
          'passengers.0.passportCountry': 'SG',
        }),
        detailsForm,
        ofBooking(id),
        deps,
      ),
    );
    expect(Object.keys(refused.errors)).toEqual(['contact.phone']);
    expect(refused.errors['contact.phone']).toEqual([
      m.booking_error_phone_too_short({}, { locale: 'id' }),
      'Contoh: 8123 4567',
    ]);
  });

  it('wakes the mail job after a post, so the mail a task queued goes at once (check-in: the boarding pass)', async () => {
    const view = await paidBookingView(testApp(handle.db, now), handle.db, {
      date: '2026-11-22',
      adults: 1,
      now,
    });
    const subjects: string[] = [];
    const mailer = {
      send: (message: MailMessage) => {
        subjects.push(message.subject);
        return Promise.resolve({ id: String(subjects.length) });
      },
    };
    let mailJob: Promise<number> | undefined;
    const waking: AppDeps = {
      ...deps,
      mailQueued: () => {
        mailJob = deliverMails({ db: handle.db, network: deps.network, mailer, siteUrl: deps.siteUrl, now });
      },
    };
    // The check-in page's form (booking/[id]/check-in.astro), as bookingTaskPage hands it to submitForm: the
    // passenger's nationality and sex in numbered rows, refused by name while the sex is not chosen.
    const ticket = ticketNumbersOf(view)[0] ?? '';
    const row = { tickets: ticket, 'travellers.0.ticket': ticket, 'travellers.0.nationality': 'SG' };
    const noSex = refusal(
      await submitForm(
        post({ ...row, 'travellers.0.sex': '' }),
        checkIn,
        { params: { id: view.id } },
        waking,
      ),
    );
    expect(noSex.status).toBe(422);
    expect(Object.values(noSex.errors).flat().join(' ')).toContain(view.passengers[0]?.fullName ?? '?');
    const form = post({ ...row, 'travellers.0.sex': 'F' });
    const answer = await submitForm(form, checkIn, { params: { id: view.id } }, waking);
    expect((answer as Response).status).toBe(303);
    expect(mailJob).toBeDefined();
    await mailJob;
    expect(subjects).toContain(`Your boarding passes - booking ${view.code}`);
  });
});
