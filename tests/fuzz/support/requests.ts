// Whole requests for one API route: its path parameters, query, body, content type and language, generated from
// the route's contract (src/server/http/contracts.ts) with hostile values mixed in.
import fc from 'fast-check';
import type { Contract } from '../../../src/server/http/contracts.ts';
import { hostileString } from './hostile.ts';
import { payloadFor, queryFor } from './from-schema.ts';
import { mutationsOf } from './mutate.ts';

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** A path segment as a client could send it: encoded text, or raw percent sequences that decode to nothing. */
const segment = (known: string[]) =>
  fc.oneof(
    { weight: 7, arbitrary: fc.constantFrom(...known) },
    { weight: 2, arbitrary: fc.stringMatching(/^[\w-]{24}$/) },
    { weight: 3, arbitrary: hostileString.map((s) => encodeURIComponent(s.slice(0, 200).toWellFormed())) },
    { weight: 1, arbitrary: fc.constantFrom('%zz', '%C0%AF', '%FF%FE', '..', '%2e%2e', '%00', '') },
  );

/** Header values a client can send (no CR, LF or NUL: the HTTP layer refuses those before we see them). */
const headerValue = fc.string({ maxLength: 60 }).map((s) => s.replace(/[\r\n\0]/g, ''));

const language = fc.oneof(
  fc.constant<Record<string, string>>({ 'Accept-Language': 'id' }),
  fc.constant<Record<string, string>>({ 'Accept-Language': 'en-GB,en;q=0.9' }),
  fc.constant<Record<string, string>>({}),
  headerValue.map((value): Record<string, string> => ({ 'Accept-Language': value })),
);

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      '',
    ),
  },
);

/** Raw bodies JSON.stringify never writes: broken, duplicate keys, other top-level values. */
const rawBody = fc.constantFrom(
  '{',
  '',
  'null',
  '[]',
  '"text"',
  '{"bank":"bni","bank":"gopay","agree":true}',
  '{"adults":1,"adults":"9","out":"x"}',
  '\u0000',
  '{"__proto__":{"polluted":true}}',
);

/**
 * What this site's own page sends (same origin, the anti-forgery cookie and header): the calls that need a client
 * (log in, sign up, forgotten password) take it as the client, so fuzzed values reach their use cases.
 */
export const ownPage: Record<string, string> = {
  'Sec-Fetch-Site': 'same-origin',
  Cookie: 'segara_csrf=fuzz-csrf-token',
  'X-CSRF-Token': 'fuzz-csrf-token',
};

/** Requests for a route `METHOD /api/path/:param` whose parameters take the known values or anything else. */
export function requestsFor(
  route: string,
  contract: Contract,
  known: Record<string, string[]>,
  example?: unknown,
): fc.Arbitrary<FuzzRequest> {
  const [method = 'GET', pattern = '/'] = route.split(' ');
  const names = [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  const params = fc.tuple(...names.map((name) => segment(known[name] ?? ['x'])));
  const query = contract.query ? queryFor(contract.query) : fc.oneof(fc.constant(''), queryFor(undefined));
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const payload =
    example === undefined
      ? payloadFor(contract.body)
      : fc.oneof(
          { weight: 1, arbitrary: payloadFor(contract.body) },
          { weight: 3, arbitrary: mutationsOf(example) },
        );
  const body = hasBody
    ? fc.oneof(
        {
          weight: 5,
          arbitrary: payload.map((value) => (JSON.stringify(value) as string | undefined) ?? 'undefined'),
        },
        { weight: 1, arbitrary: rawBody },
      )
    : fc.constant(undefined);
  return fc
    .record({ params, query, body, type: contentType, language, fromOwnPage: fc.boolean() })
    .map(({ params: values, fromOwnPage, ...rest }) => {
      let path = pattern;
      names.forEach((name, i) => (path = path.replace(`:${name}`, values[i] ?? '')));
      const headers: Record<string, string> = { ...rest.language, ...(fromOwnPage ? ownPage : {}) };
      if (hasBody && rest.type) headers['Content-Type'] = rest.type;
      return {
        method,
        path: rest.query ? `${path}?${rest.query}` : path,
        headers,
        ...(rest.body === undefined ? {} : { body: rest.body }),
      };
    });
}
