/**
 * What a client sends `POST /oauth/token`, read as RFC 6749 asks before any grant runs: the form's fields, each at
 * most once (3.2), and the client's credentials from one method only (2.3), either the form's `client_id` and
 * `client_secret` (client_secret_post) or `Authorization: Basic` (client_secret_basic, 2.3.1).
 *
 * Here the request is the client's own, so a Basic header beside a secret in the form is two methods and refused
 * (5.2 invalid_request), not settled by preferring one: guessing could let the wrong one speak for the client. A
 * browser's unrelated Basic password (a staging site's) never comes this way: the browser's session runs its grants
 * through runGrant, which reads no header.
 */
export type TokenRequest =
  { fields: Record<string, string>; basic: boolean } | { refused: 'api_field_repeated' | 'api_client_twice' };

export function readTokenRequest(body: string, authorization: string | undefined): TokenRequest {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    // 3.1: a field sent without a value is treated as if it were omitted.
    if (value === '') continue;
    if (Object.hasOwn(fields, name)) return { refused: 'api_field_repeated' };
    fields[name] = value;
  }
  const basic = basicCredentials(authorization);
  if (basic === undefined) return { fields, basic: false };
  // A `client_id` equal to the header's only names the client again (some libraries add it); a secret, or another
  // id, in the form is a second authentication, which 5.2 answers with invalid_request.
  if (fields.client_secret !== undefined) return { refused: 'api_client_twice' };
  if (basic && fields.client_id !== undefined && fields.client_id !== basic.clientId)
    return { refused: 'api_client_twice' };
  // An unreadable header leaves the client unauthenticated (no id, no secret): the grant answers invalid_client,
  // 401 with the Basic challenge, as for a wrong secret.
  delete fields.client_id;
  if (basic) Object.assign(fields, { client_id: basic.clientId, client_secret: basic.clientSecret });
  return { fields, basic: true };
}

/**
 * The client's id and secret from `Authorization: Basic`: undefined for no header or another scheme (not a client
 * authentication), false for a Basic header that cannot be read. RFC 6749 2.3.1 has each of the two
 * form-urlencoded before they are joined by ":" and Base64-encoded, so standard clients send `segara-web` as
 * `segara%2Dweb` and a space as `+`: both are decoded here (`basic-auth`, the grant library's reader, would not).
 */
function basicCredentials(header: string | undefined) {
  const [scheme, token, extra] = (header ?? '').trim().split(/\s+/);
  if (scheme?.toLowerCase() !== 'basic') return undefined;
  if (!token || extra !== undefined || !/^[A-Za-z0-9+/]+={0,2}$/.test(token)) return false;
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(token, 'base64'));
  } catch {
    return false;
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  const clientId = formDecoded(decoded.slice(0, colon));
  const clientSecret = formDecoded(decoded.slice(colon + 1));
  return clientId && clientSecret ? { clientId, clientSecret } : false;
}

/** application/x-www-form-urlencoded decoding of one value: `+` is a space, then percent-escapes; else undefined. */
function formDecoded(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}
