import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { isSupportedCountry } from 'libphonenumber-js/min';
import { DEFAULT_PHONE_COUNTRY } from '../../../domain/phone-country.ts';
import type { AppDeps } from '../../deps.ts';
import { clientAddress } from '../client-address.ts';
import { keepAtMost } from '../../kept-at-most.ts';

/** Guesses kept per address (an hour; at most this many addresses), so a page asks the service once per visitor. */
const CACHE_SIZE = 1000;
const CACHE_MS = 60 * 60 * 1000;
/** A page waits no longer than this for the service: a guess is a nicety, never a slow page. */
const LOOKUP_TIMEOUT_MS = 800;

const cache = new Map<string, { country: string | undefined; until: number }>();

/**
 * Addresses no service can place (loopback, private, link-local, carrier-grade NAT): a proxy of ours not declared
 * in TRUST_PROXY_HOPS, or a visitor on the same network. They are never sent anywhere.
 */
const unplaceable = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  unplaceable.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  unplaceable.addSubnet(network, prefix, 'ipv6');

/** A public address a service could place. */
export function placeable(address: string): boolean {
  const mapped = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
  if (isIPv4(mapped)) return !unplaceable.check(mapped, 'ipv4');
  return isIPv6(mapped) && !unplaceable.check(mapped, 'ipv6');
}

/**
 * The country of the reply `1;CC;...` (the IP-to-country service's format, PHONE_COUNTRY_LOOKUP_URL in
 * config.ts): its first field `1`, its second a country the phone rules know. Anything else (`0;...`, an
 * unknown code, not text) is no guess.
 */
export function countryOfReply(reply: string): string | undefined {
  const [status, code] = reply.trim().split(';');
  return status === '1' && code && /^[A-Z]{2}$/.test(code) && isSupportedCountry(code) ? code : undefined;
}

/**
 * The phone input's starting country for a visitor, guessed from their address by the configured service
 * (`PHONE_COUNTRY_LOOKUP_URL`); `fallback` when none is configured, the service says nothing useful, fails or is
 * slow. Guesses (and failures) are remembered for an hour per address.
 */
export async function guessedPhoneCountry(
  lookupUrl: string | undefined,
  address: string,
  fallback: string,
  now = Date.now(),
): Promise<string> {
  if (!lookupUrl || !placeable(address)) return fallback;
  const known = cache.get(address);
  if (known && known.until > now) return known.country ?? fallback;
  let country: string | undefined;
  try {
    const answer = await fetch(lookupUrl.replace('{ip}', encodeURIComponent(address)), {
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    });
    country = answer.ok ? countryOfReply(await answer.text()) : undefined;
  } catch {
    country = undefined;
  }
  keepAtMost(cache, address, { country, until: now + CACHE_MS }, CACHE_SIZE);
  return country ?? fallback;
}

/** The phone input's starting country for this page's visitor (their address through our proxies), else Indonesia. */
export function visitorPhoneCountry(
  request: Request,
  socketAddress: string | undefined,
  deps: Pick<AppDeps, 'phoneCountryLookupUrl' | 'proxyHops'>,
): Promise<string> {
  const address = clientAddress(request, deps.proxyHops ?? 0, socketAddress);
  return guessedPhoneCountry(deps.phoneCountryLookupUrl, address, DEFAULT_PHONE_COUNTRY);
}
