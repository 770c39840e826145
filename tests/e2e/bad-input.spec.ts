import { expect, test } from '@playwright/test';

/**
 * Every booking page route and API call with input no form would send: a clear answer (4xx, or the page again
 * with the reason), never a 500. The API's own validation is covered in detail by the integration tests.
 */
const unknownId = 'AAAAAAAAAAAAAAAAAAAAAAAA';
const form = (fields: Record<string, string>) => ({ form: fields, maxRedirects: 0 });

test('page routes answer garbage without a server error', async ({ request }) => {
  const answers = await Promise.all([
    request.post('/booking/hold', form({ out: 'not-a-uuid', adults: '99' })),
    request.post('/id/booking/hold', form({ trip: 'open', from: 'XXX' })),
    request.post(`/booking/${unknownId}/details`, form({ 'contact.fullName': 'x' })),
    request.post(
      `/booking/${unknownId}/details`,
      form({ 'contact.email': '@', 'passengers.0.fullName': '' }),
    ),
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
