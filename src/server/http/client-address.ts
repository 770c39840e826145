import { isIP } from 'node:net';

/**
 * The address a request came from, for rate limits. The API's way in (api-answer.ts) records the socket's address
 * per request. Behind trusted proxies (TRUST_PROXY, TRUST_PROXY_HOPS) the client is the entry of
 * X-Forwarded-For that the outermost trusted proxy wrote: counted from the right, since each proxy appends what it
 * saw and anything to its left came from the client, who can write whatever it likes there.
 */
const addresses = new WeakMap<Request, string>();

export function rememberClientAddress(request: Request, address: string | undefined): void {
  if (address) addresses.set(request, address);
}

/**
 * The address of `from` for `to`, a request made from it: Hono's body limit hands the app a new Request for a body
 * it counts as it streams (chunked, or of no declared length), which would otherwise come from 'unknown'.
 */
export function carryClientAddress(from: Request, to: Request): void {
  const address = addresses.get(from);
  if (address !== undefined && from !== to) addresses.set(to, address);
}

/** `proxyHops`: how many proxies in front of us are ours (0: none, trust no header). `socketAddress`: Astro's. */
export function clientAddress(request: Request, proxyHops: number, socketAddress?: string): string {
  const socket = socketAddress ?? addresses.get(request) ?? 'unknown';
  if (proxyHops <= 0) return socket;
  const chain = (request.headers.get('X-Forwarded-For') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const seen = chain[chain.length - proxyHops];
  // Too few entries, or not an address: the request did not come through our proxies as configured.
  return seen !== undefined && isIP(seen) !== 0 ? seen : socket;
}
