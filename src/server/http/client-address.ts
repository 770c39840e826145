/**
 * The address a request came from, for rate limits. The Astro route that mounts the API records the socket's
 * address per request; behind a trusted proxy (TRUST_PROXY) the first X-Forwarded-For entry is the client.
 */
const addresses = new WeakMap<Request, string>();

export function rememberClientAddress(request: Request, address: string | undefined): void {
  if (address) addresses.set(request, address);
}

/** `socketAddress`: Astro's `clientAddress`, for page routes that read it themselves. */
export function clientAddress(request: Request, trustProxy: boolean, socketAddress?: string): string {
  if (trustProxy) {
    const forwarded = request.headers.get('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress ?? addresses.get(request) ?? 'unknown';
}
