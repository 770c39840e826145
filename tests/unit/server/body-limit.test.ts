import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, readForm } from '../../../src/server/http/body-limit.ts';
import { createApp } from '../../../src/server/http/app.ts';
import { Network } from '../../../src/server/network.ts';
import { createSandboxGateway } from '../../../src/server/payments/sandbox.ts';

/** A body that streams in chunks, with no Content-Length: the limit must be counted, not read off a header. */
function streamed(bytes: number) {
  const chunk = new TextEncoder().encode('x'.repeat(8192));
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) {
        controller.close();
        return;
      }
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

const post = (body: BodyInit, type: string, headers: Record<string, string> = {}) =>
  new Request('http://localhost/booking/hold', {
    method: 'POST',
    headers: { 'Content-Type': type, ...headers },
    body,
    duplex: 'half',
  } as RequestInit);

describe('the 64 KB body limit', () => {
  it('reads a form within it, url-encoded or multipart, and an unreadable one as empty', async () => {
    const encoded = await readForm(post('out=abc&adults=2', 'application/x-www-form-urlencoded'));
    expect(encoded !== 'tooLarge' && [...encoded]).toEqual([
      ['out', 'abc'],
      ['adults', '2'],
    ]);
    const data = new FormData();
    data.set('bank', 'bni');
    const multipart = await readForm(new Request('http://localhost/x', { method: 'POST', body: data }));
    expect(multipart !== 'tooLarge' && multipart.get('bank')).toBe('bni');
    const broken = await readForm(post('--x\r\nnonsense', 'multipart/form-data; boundary=x'));
    expect(broken !== 'tooLarge' && [...broken]).toEqual([]);
  });

  it('refuses a form over it, declared or streamed, and leaves the request readable for a rewrite', async () => {
    const declared = post('a=1', 'application/x-www-form-urlencoded', {
      'Content-Length': String(MAX_BODY_BYTES + 1),
    });
    expect(await readForm(declared)).toBe('tooLarge');
    const request = post(streamed(MAX_BODY_BYTES + 10_000), 'application/x-www-form-urlencoded');
    expect(await readForm(request)).toBe('tooLarge');
    expect(request.bodyUsed).toBe(false);
  });

  it('answers the API 413 in its error shape for a streamed body, before parsing it', async () => {
    const app = createApp({
      database: () => Promise.reject(new Error('never reached')),
      network: new Network(),
      clock: () => new Date(),
      horizonDays: 1,
      payments: {
        gateway: createSandboxGateway({
          secret: 'test-secret-0123456789',
          database: () => Promise.reject(new Error('unused')),
        }),
        windowMinutes: 60,
      },
      siteUrl: 'http://localhost',
      rateLimits: {} as never,
    });
    const response = await app.request('/api/bookings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'id' },
      body: streamed(MAX_BODY_BYTES * 4),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      message: 'Permintaan ini terlalu besar. Maksimal 64 KB dapat dikirim.',
    });
  });
});
