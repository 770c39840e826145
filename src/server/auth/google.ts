import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import type { Config } from '../config.ts';
import { refuse } from '../validation-errors.ts';

/** This site's client at Google and where Google's answers come from (config.ts `GOOGLE_*`). */
export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** The ID tokens' `iss` (`https://accounts.google.com`; Google also writes it without the scheme). */
  issuer: string;
  jwksUrl: string;
  tokenUrl: string;
  /** The browser library (`initCodeClient`), loaded by the page only when someone is about to use it. */
  scriptUrl: string;
}

/** Google sign-in as configured, or undefined (the button is hidden) unless client, secret, issuer and keys are set. */
export function googleFromConfig(config: Config): GoogleConfig | undefined {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_ISSUER, GOOGLE_JWKS_URL } = config;
  if (!GOOGLE_CLIENT_ID || !GOOGLE_CLIENT_SECRET || !GOOGLE_ISSUER || !GOOGLE_JWKS_URL) return undefined;
  return {
    clientId: GOOGLE_CLIENT_ID,
    clientSecret: GOOGLE_CLIENT_SECRET,
    issuer: GOOGLE_ISSUER.replace(/\/$/, ''),
    jwksUrl: GOOGLE_JWKS_URL,
    tokenUrl: config.GOOGLE_TOKEN_URL,
    scriptUrl: config.GOOGLE_SCRIPT_URL,
  };
}

/** A person as Google vouches for them: the address is theirs (Google verified it). */
export interface GoogleIdentity {
  email: string;
  name: string;
  /** The Google account's own id (`sub`): stable, never reassigned. */
  subject: string;
  /**
   * Google is the address's authority, not only a witness that it was verified once: a Gmail address, or a
   * Workspace domain's (`hd`). Only then may it open an existing account of ours that Google has not opened before
   * (an address at another provider can lapse and pass to someone else, whose Google account would still say
   * verified).
   */
  authoritative: boolean;
}

/** Whether Google speaks for this address (Gmail, or the Workspace domain the token names). */
function googleOwnsAddress(email: string, hostedDomain: unknown): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (domain === 'gmail.com' || domain === 'googlemail.com') return true;
  return typeof hostedDomain === 'string' && hostedDomain.toLowerCase() === domain;
}

// One key set per URL for the process: jose caches the keys and fetches again only for an unknown key id.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(url: string) {
  let keys = keySets.get(url);
  if (!keys) keySets.set(url, (keys = createRemoteJWKSet(new URL(url))));
  return keys;
}

/**
 * The identity behind an authorization code from Google's popup: the code exchanged on the server
 * (`redirect_uri=postmessage`, as the popup flow requires), then the ID token verified with `jose`: signed by a key
 * of the provider's key set, issued by the configured issuer, for this client, not expired, and its address
 * verified by Google. Refuses 422 (a code or token that does not hold) or 503 (Google could not be reached).
 */
export async function googleIdentity(google: GoogleConfig, code: string): Promise<GoogleIdentity> {
  let answer: Response;
  try {
    answer = await fetch(google.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: google.clientId,
        client_secret: google.clientSecret,
        redirect_uri: 'postmessage',
      }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw refuse('google', 'account_google_unreachable');
  }
  // Google away or busy (5xx, 429): come back later; any other refusal is about this code.
  if (answer.status >= 500 || answer.status === 429) throw refuse('google', 'account_google_unreachable');
  const body = (await answer.json().catch(() => ({}))) as { id_token?: unknown };
  if (!answer.ok || typeof body.id_token !== 'string') throw refuse('google', 'account_google_failed');
  let claims: Record<string, unknown>;
  try {
    const verified = await jwtVerify(body.id_token, keySet(google.jwksUrl), {
      issuer: [google.issuer, google.issuer.replace(/^https:\/\//, '')],
      audience: google.clientId,
      algorithms: ['RS256', 'ES256'],
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    claims = verified.payload;
  } catch (failure) {
    // The key set itself could not be had (a network error, a timeout, an answer other than 200 OK): Google away,
    // not a bad token.
    if (
      !(failure instanceof errors.JOSEError) ||
      failure instanceof errors.JWKSTimeout ||
      failure.message.includes('JSON Web Key Set HTTP response')
    )
      throw refuse('google', 'account_google_unreachable');
    throw refuse('google', 'account_google_failed');
  }
  const { email, email_verified: verified, name, sub, hd } = claims;
  if (typeof email !== 'string' || typeof sub !== 'string') throw refuse('google', 'account_google_failed');
  if (verified !== true) throw refuse('google', 'account_google_unverified');
  const address = email.toLowerCase();
  return {
    email: address,
    name: typeof name === 'string' ? name.trim().slice(0, 200) : '',
    subject: sub,
    authoritative: googleOwnsAddress(address, hd),
  };
}
