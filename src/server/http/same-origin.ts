import type { MiddlewareHandler } from 'hono';
import { translate } from '../../i18n/translate.ts';
import { requestLocale } from './request-locale.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request a browser sent from another site (a hidden form holding seats on a visitor's
 * behalf). Browsers name the sending site in Sec-Fetch-Site or Origin; payment gateways calling back send neither
 * and are authenticated by their own signature.
 */
export function isCrossSite(request: Request): boolean {
  if (safeMethods.has(request.method)) return false;
  const fetchSite = request.headers.get('Sec-Fetch-Site');
  if (fetchSite) return fetchSite === 'cross-site' || fetchSite === 'same-site';
  const origin = request.headers.get('Origin');
  if (!origin) return false;
  const host = request.headers.get('X-Forwarded-Host') ?? request.headers.get('Host');
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/**
 * Stricter, for changes a session cookie authenticates: the browser must say the request comes from our own
 * origin (Sec-Fetch-Site, or Origin naming this host); a request that says nothing is not trusted.
 */
export function isSameOrigin(request: Request): boolean {
  const fetchSite = request.headers.get('Sec-Fetch-Site');
  if (fetchSite) return fetchSite === 'same-origin';
  const origin = request.headers.get('Origin');
  const host = request.headers.get('X-Forwarded-Host') ?? request.headers.get('Host');
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export const sameOrigin: MiddlewareHandler = async (c, next) => {
  if (isCrossSite(c.req.raw))
    return c.json({ message: translate('api_cross_site', requestLocale(c.req.raw)) }, 403);
  await next();
  return undefined;
};
