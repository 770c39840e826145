import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Headers every response carries. Script and style sources are restricted per page by the CSP <meta> that Astro
 * writes with hashes; the header adds what a meta element cannot carry (frame-ancestors) and tightens the rest.
 */
const baseHeaders: Record<string, string> = {
  'Content-Security-Policy': "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

const HSTS = 'max-age=31536000; includeSubDomains';
/** Set on every request: listed once, not listed again from the object each time. */
const baseEntries = Object.entries(baseHeaders);

/** A CSP with `frame-ancestors 'none'` added unless it already names frame ancestors. */
export function withFrameAncestors(csp: string): string {
  if (/(^|;)\s*frame-ancestors\s/i.test(csp)) return csp;
  return `${csp.trim().replace(/;+\s*$/, '')}; frame-ancestors 'none'`;
}

/** True when the visitor reached us over HTTPS: directly, or through a proxy we were told to trust. */
export function isHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ('encrypted' in req.socket && req.socket.encrypted === true) return true;
  if (!trustProxy) return false;
  const forwarded = req.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return proto === 'https';
}

/** The gate scanner reads boarding passes with the phone's camera: the one page the camera is allowed on. */
const CAMERA_PAGE = /^\/(?:id\/)?staff\/scan(?:\?|$)/;

export function applySecurityHeaders(req: IncomingMessage, res: ServerResponse, trustProxy: boolean): void {
  for (const [name, value] of baseEntries) res.setHeader(name, value);
  if (CAMERA_PAGE.test(req.url ?? ''))
    res.setHeader('Permissions-Policy', 'camera=(self), microphone=(), geolocation=(), payment=()');
  if (isHttps(req, trustProxy)) res.setHeader('Strict-Transport-Security', HSTS);
}
