import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { applySecurityHeaders, withFrameAncestors } from '../../../src/server/http/security-headers.ts';

function run(headers: Record<string, string>, trustProxy: boolean, encrypted = false, url = '/') {
  const set = new Map<string, string>();
  const req = { headers, socket: { encrypted }, url } as unknown as IncomingMessage;
  const res = {
    setHeader: (name: string, value: string) => set.set(name, value),
  } as unknown as ServerResponse;
  applySecurityHeaders(req, res, trustProxy);
  return set;
}

describe('security headers', () => {
  it('forbid framing and sniffing and limit the referrer on every response', () => {
    const headers = run({}, false);
    expect(headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });

  it.each([
    ['/staff/scan', 'camera=(self)'],
    ['/id/staff/scan?from=console', 'camera=(self)'],
    ['/staff/scanner', 'camera=()'],
    ['/my-trips', 'camera=()'],
  ])('%s may use the camera: %s (the gate scanner only)', (url, camera) => {
    expect(run({}, false, false, url).get('Permissions-Policy')).toMatch(
      new RegExp(`^${camera.replace(/[()]/g, '\\$&')},`),
    );
  });

  it.each([
    [{}, false, false, false],
    [{ 'x-forwarded-proto': 'https' }, false, false, false],
    [{ 'x-forwarded-proto': 'https' }, true, false, true],
    [{ 'x-forwarded-proto': 'http' }, true, false, false],
    [{}, false, true, true],
  ])('HSTS for %j (trust proxy %s, TLS socket %s): %s', (headers, trust, encrypted, hsts) => {
    expect(run(headers, trust, encrypted).has('Strict-Transport-Security')).toBe(hsts);
  });
});

describe('withFrameAncestors', () => {
  it("adds frame-ancestors 'none' to a CSP that lacks it, and leaves one that has it", () => {
    expect(withFrameAncestors("default-src 'self'; object-src 'none';")).toBe(
      "default-src 'self'; object-src 'none'; frame-ancestors 'none'",
    );
    expect(withFrameAncestors("frame-ancestors 'self'; default-src 'self'")).toBe(
      "frame-ancestors 'self'; default-src 'self'",
    );
  });
});
