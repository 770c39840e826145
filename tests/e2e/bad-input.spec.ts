import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';

/**
 * Every booking page route and API call with input no form would send: a clear answer (4xx, or the page again
 * with the reason), never a 500. The API's own validation is covered in detail by the integration tests.
 */
const unknownId = 'AAAAAAAAAAAAAAAAAAAAAAAA';
const form = (fields: Record<string, string>) => ({ form: fields, maxRedirects: 0 });

test('page routes answer garbage without a server error', async ({ request }) => {
  const answers = await Promise.all([
    request.post('/booking/schedule', form({ out: 'not-a-uuid', adults: '99' })),
    request.post('/id/booking/schedule', form({ trip: 'open', from: 'XXX' })),
    request.post(`/booking/${unknownId}`, form({ 'contact.fullName': 'x' })),
    request.post(`/booking/${unknownId}`, form({ 'contact.email': '@', 'passengers.0.fullName': '' })),
    request.post(`/booking/${unknownId}/payment`, form({ bank: 'gopay', agree: 'maybe' })),
    request.post('/booking/check-order', form({ code: '0O1I', email: 'nope' })),
    request.post('/id/booking/check-order', form({})),
    request.post('/booking/sandbox', form({ va: '<script>', amount: '-5' })),
    request.get(`/booking/${unknownId}/e-ticket.pdf`),
    request.get('/booking/short/e-ticket.pdf'),
    request.get(`/booking/check-order/${unknownId}`),
    request.get(`/booking/${unknownId}/payment`),
  ]);
  const statuses = answers.map((answer) => answer.status());
  for (const status of statuses) expect(status).toBeLessThan(500);
  // The ones that can only be "not found" say so.
  expect(statuses.slice(8)).toEqual([404, 404, 404, 404]);
});

test('an unknown booking under /id/ answers the Indonesian 404 page', async ({ request }) => {
  const answers = await Promise.all([
    request.get(`/id/booking/${unknownId}`),
    request.get(`/id/booking/${unknownId}/payment`),
    request.post(`/id/booking/${unknownId}/payment`, form({ bank: 'bni', agree: 'on' })),
    request.get(`/id/booking/check-order/${unknownId}`),
  ]);
  for (const answer of answers) {
    expect(answer.status()).toBe(404);
    expect(await answer.text()).toContain('<html lang="id"');
  }
});

test('a refused form post renders its page again: the reason shown, nothing in the address', async ({
  request,
}) => {
  const long = await request.post('/booking/schedule', form({ date: 'x'.repeat(20_000), trip: 'a\r\nb' }));
  expect(long.status()).toBe(400);
  expect(long.headers().location).toBeUndefined();
  expect(await long.text()).toContain('Choose one way, two way or ticket only');
  const emoji = await request.post(`/booking/${encodeURIComponent('😀\u202E')}AAAAAAAAAAAAAAAAAAA`, form({}));
  expect(emoji.status()).toBe(404);
});

test('API calls answer garbage with a localized 4xx, never a 500', async ({ request }) => {
  const json = (data: unknown) => ({ data, headers: { 'Accept-Language': 'id' } });
  const answers = await Promise.all([
    request.post('/api/bookings', json({ out: 5, adults: 'many' })),
    request.put(`/api/bookings/${unknownId}/details`, json({ contact: null })),
    request.put(
      `/api/bookings/${unknownId}/details`,
      json({ contact: { fullName: 'A', email: 'a@b.co', phone: '+6281234567890' }, passengers: [] }),
    ),
    request.post(`/api/bookings/${unknownId}/payment`, json({ bank: 'bni', agree: true })),
    request.post('/api/bookings/lookup', json({ code: 12, email: [] })),
    request.get(`/api/bookings/${unknownId}`),
    request.get(`/api/bookings/${unknownId}/status`),
    request.post('/api/payments/sandbox/callback', { data: 'not json' }),
    request.post('/api/payments/xendit/callback', { data: '{}' }),
  ]);
  expect(answers.map((answer) => answer.status())).toEqual([400, 400, 400, 404, 400, 404, 404, 401, 404]);
  for (const answer of answers.slice(0, 7)) {
    const body = (await answer.json()) as { message?: unknown };
    expect(body.message).toEqual(expect.stringMatching(/\S/));
  }
});

test('the sandbox simulator posts its callback to this site, whatever Host the request names', async ({
  request,
  baseURL,
}) => {
  const day = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
  const search = (await (await request.get(`/api/schedules?from=BTC&to=HFC&date=${day}`)).json()) as {
    outbound: { sailings: { id: string }[] };
  };
  const held = await request.post('/api/bookings', {
    data: { out: search.outbound.sailings[0]?.id, adults: 1 },
  });
  const { id } = (await held.json()) as { id: string };
  const details = {
    contact: { fullName: 'Siti Rahma', email: 'siti@example.co.id', phone: '+6281234567890' },
    passengers: [
      {
        fullName: 'Siti Rahma',
        dateOfBirth: '1990-05-14',
        passportNumber: 'C1234567',
        passportIssued: '2021-03-02',
        passportExpiry: '2031-03-01',
        passportCountry: 'ID',
      },
    ],
  };
  expect((await request.put(`/api/bookings/${id}/details`, { data: details })).status()).toBe(204);
  const paid = await request.post(`/api/bookings/${id}/payment`, { data: { bank: 'bni', agree: true } });
  const va = ((await paid.json()) as { payment: { accountNumber: string } }).payment.accountNumber;
  // A Host header pointing at a closed port on this machine: the server must not send its request there.
  const { port } = new URL(baseURL ?? '');
  const answer = await new Promise<number>((resolve, reject) => {
    const body = `va=${va}`;
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/booking/sandbox',
        method: 'POST',
        headers: {
          Host: '127.0.0.1:9',
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
  expect(answer).toBe(200);
  const state = (await (await request.get(`/api/bookings/${id}/status`)).json()) as { status: string };
  expect(state.status).toBe('paid');
});
