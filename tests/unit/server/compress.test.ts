import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressResponse, gzipsJson, varyWithEncoding } from '../../../src/server/http/compress.ts';

const html = '<!doctype html><p>' + 'Batam Centre to HarbourFront '.repeat(100) + '</p>';
const request = (encoding?: string, method = 'GET') =>
  new Request('http://localhost/x', { method, headers: encoding ? { 'Accept-Encoding': encoding } : {} });
const page = (body = html, type = 'text/html; charset=utf-8') =>
  new Response(body, { headers: { 'Content-Type': type } });

describe('dynamic response compression', () => {
  it('gzips HTML for a client that accepts gzip, and says so', async () => {
    const response = await compressResponse(request('gzip, deflate, br'), page());
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    expect(response.headers.get('Vary')).toContain('Accept-Encoding');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBeLessThan(html.length);
    expect(gunzipSync(body).toString()).toBe(html);
  });

  it.each([
    ['no Accept-Encoding', request(), page()],
    ['gzip refused with q=0', request('gzip;q=0, br'), page()],
    ['an image', request('gzip'), page(html, 'image/png')],
    ['a HEAD request', request('gzip', 'HEAD'), page()],
  ])('leaves the body alone for %s', async (_case, req, res) => {
    expect((await compressResponse(req, res)).headers.get('Content-Encoding')).toBeNull();
  });

  it('gzips JSON in one piece and states its length', async () => {
    const json = JSON.stringify({ sailings: Array.from({ length: 80 }, (_, i) => ({ id: i, from: 'BTC' })) });
    const response = await compressResponse(request('gzip'), page(json, 'application/json'));
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('Content-Length'))).toBe(body.length);
    expect(gunzipSync(body).toString()).toBe(json);
  });

  it('skips small bodies whose length is known', async () => {
    const small = new Response('{"status":"ok"}', {
      headers: { 'Content-Type': 'application/json', 'Content-Length': '15' },
    });
    expect((await compressResponse(request('gzip'), small)).headers.get('Content-Encoding')).toBeNull();
  });

  it('measures JSON that comes without its length, and leaves a short answer (an error) as it is', async () => {
    const refusal = '{"message":"Please check the highlighted fields","errors":{"to":["No ferry"]}}';
    const response = await compressResponse(request('gzip'), page(refusal, 'application/json'));
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(response.headers.get('Vary')).toBe('Accept-Encoding');
    expect(await response.text()).toBe(refusal);
  });

  it('says the same for the answers the Node server sends itself', () => {
    expect(gzipsJson(1024, 'gzip, br')).toBe(true);
    expect(gzipsJson(1023, 'gzip')).toBe(false);
    expect(gzipsJson(5000, 'gzip;q=0')).toBe(false);
    expect(gzipsJson(5000, undefined)).toBe(false);
    expect(varyWithEncoding('Accept-Language')).toBe('Accept-Language, Accept-Encoding');
    expect(varyWithEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyWithEncoding('accept-encoding')).toBe('accept-encoding');
  });
});
