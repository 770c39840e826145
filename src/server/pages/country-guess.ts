import { isSupportedCountry } from 'libphonenumber-js/min';
import type { AppDeps } from '../http/app.ts';
import { clientAddress } from '../http/client-address.ts';
import { runtimeDeps } from '../runtime.ts';

/** Guesses kept per address (an hour; at most this many addresses), so a page asks the service once per visitor. */
const CACHE_SIZE = 1000;
const CACHE_MS = 60 * 60 * 1000;
/** A page waits no longer than this for the service: a guess is a nicety, never a slow page. */
const LOOKUP_TIMEOUT_MS = 800;

const cache = new Map<string, { country: string | undefined; until: number }>();

/**
 * The country of the reply `1;CC;...` (the seed's IP-to-country format): its first field `1`, its second a country
 * the phone rules know. Anything else (`0;...`, an unknown code, not text) is no guess.
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
  if (!lookupUrl || !address) return fallback;
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
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
  cache.set(address, { country, until: now + CACHE_MS });
  return country ?? fallback;
}

/** The phone input's starting country for this page's visitor (their address through our proxies), else Indonesia. */
export function visitorPhoneCountry(
  request: Request,
  socketAddress: string | undefined,
  deps: Pick<AppDeps, 'phoneCountryLookupUrl' | 'proxyHops'> = runtimeDeps(),
): Promise<string> {
  const address = clientAddress(request, deps.proxyHops ?? 0, socketAddress);
  return guessedPhoneCountry(deps.phoneCountryLookupUrl, address, 'ID');
}
