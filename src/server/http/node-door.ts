import type { IncomingMessage, ServerResponse } from 'node:http';
import { translate } from '../../i18n/translate.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import type { Locale } from '../../i18n/locales.ts';
import { getQueryParam } from 'hono/utils/url';
import { apiDoor, apiReads } from './api-door.ts';
import { gzipJson, gzipsJson, varyWithEncoding } from './compress.ts';
import type { PlainAnswer, Read } from './plain-answer.ts';
import { localeOf } from './request-locale.ts';
import { isShaped } from '../services/shaped-once.ts';
import { isHttps, withFrameAncestors } from './security-headers.ts';
import { log } from '../observability/log.ts';
import { nameRoute } from '../observability/request-scope.ts';

/** A Host header as a URL may carry it (name or address, and a port); anything else is not used. */
const PLAIN_HOST = /^[\w.-]+(:\d{1,5})?$|^\[[\d:a-f.]+\](:\d{1,5})?$/i;

/**
 * The Fetch request of a Node one: its URL, method, headers and, when it has one, its body. The body is handed over
 * as Node's stream itself, read only if the app asks: a request refused before its body is read (413, 401, 403) is
 * then thrown away by Node, and the connection serves the next request; a stream already started would stall it.
 */
export function fetchRequest(req: IncomingMessage, trustProxy: boolean): Request {
  const host =
    req.headers.host !== undefined && PLAIN_HOST.test(req.headers.host) ? req.headers.host : 'localhost';
  const url = `${isHttps(req, trustProxy) ? 'https' : 'http'}://${host}${req.url ?? '/'}`;
  // As pairs: the Request builds its own Headers from them (a Headers built here would be copied again).
  const headers: [string, string][] = [];
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] ?? '';
    // HTTP/2 pseudo-headers (`:path`) are not headers a Request can carry.
    if (!name.startsWith(':')) headers.push([name, raw[i + 1] ?? '']);
  }
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD' || !hasBody(req)) return new Request(url, { method, headers });
  return new Request(url, { method, headers, body: req, duplex: 'half' } as unknown as RequestInit);
}

/** Whether a request says it carries a body (a GET's is refused over the limit by the app, so it goes there). */
function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/**
 * Answers a read (http/reads.ts) from the query as Hono reads it (the first of a repeated parameter, `+` a space)
 * and the reader's language; its answer as the app would send it: JSON, gzipped when asked and worth it.
 */
function answerRead(req: IncomingMessage, res: ServerResponse, read: Read): void {
  const query = queryOf(req);
  read(query, localeOf(query.lang, req.headers['accept-language']))
    .then((answer) => sendPlain(req, res, answer))
    .catch(failed(req, res));
}

/** The query as Hono reads it: the first of a repeated parameter, `+` a space, no fragment. */
function queryOf(req: IncomingMessage): Record<string, string> {
  return (getQueryParam(`http://localhost${req.url ?? ''}`) ?? {}) as Record<string, string>;
}

/** What the app failed to answer: a 500 in the reader's language, or the connection cut once the answer began. */
function failed(req: IncomingMessage, res: ServerResponse) {
  return (error: unknown) => {
    log.error({ err: error }, 'unhandled error in the API');
    if (!res.headersSent) answerError(req, res, 500, 'notification_generic_error');
    else res.destroy();
  };
}

async function sendPlain(req: IncomingMessage, res: ServerResponse, answer: PlainAnswer): Promise<void> {
  const bytes = bytesOf(answer.body);
  const gzip = gzipsJson(bytes.json.length, req.headers['accept-encoding']);
  const body = gzip ? await gzippedOf(bytes) : bytes.json;
  for (const name in answer.headers) if (name !== 'Vary') res.setHeader(name, answer.headers[name] ?? '');
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Vary', varyWithEncoding(answer.headers.Vary));
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', body.length);
  res.writeHead(answer.status);
  res.end(body);
}

interface BodyBytes {
  json: Buffer;
  gzipped?: Promise<Buffer>;
}

/**
 * The bytes of answer bodies shaped once for many readers (services/shaped-once.ts), while the body lives: a search
 * answer is serialized and gzipped once. Any other body may still change, so its bytes are not kept.
 */
const shapedBodyBytes = new WeakMap<object, BodyBytes>();

function bytesOf(body: unknown): BodyBytes {
  if (!isShaped(body)) return { json: Buffer.from(JSON.stringify(body)) };
  let bytes = shapedBodyBytes.get(body);
  if (!bytes) shapedBodyBytes.set(body, (bytes = { json: Buffer.from(JSON.stringify(body)) }));
  return bytes;
}

function gzippedOf(bytes: BodyBytes): Promise<Buffer> {
  if (!bytes.gzipped) {
    const gzipped = gzipJson(bytes.json);
    // A failed compression is answered as a failure, and tried again by the next reader.
    gzipped.catch(() => {
      if (bytes.gzipped === gzipped) delete bytes.gzipped;
    });
    bytes.gzipped = gzipped;
  }
  return bytes.gzipped;
}

/**
 * Writes a Fetch response on the Node one: the API's answers are JSON (or a picture) complete in memory, so read
 * whole and sent in one write, with their length. An answer's own CSP (a picture's) replaces the server's, so it
 * gets `frame-ancestors 'none'` as the pages' middleware gives every answer.
 */
export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  const cookies = response.headers.getSetCookie();
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    res.setHeader(name, name === 'content-security-policy' ? withFrameAncestors(value) : value);
  }
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
  if (body) res.setHeader('Content-Length', body.length);
  res.writeHead(response.status, response.statusText || undefined);
  res.end(body);
}

/** An answer of the API's shape (`{ message }`, in the reader's language) for what fails before the app answers. */
export function answerError(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  key: MessageKey,
): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ message: translate(key, readerLocale(req)) }));
}

/** The reader's language as the API reads it (`?lang=`, then Accept-Language). */
function readerLocale(req: IncomingMessage): Locale {
  return localeOf(queryOf(req).lang, req.headers['accept-language']);
}

/**
 * Answers a request under `/api/` through the API's door (http/api-door.ts) when the built bundle has opened it;
 * false otherwise (the caller serves it through Astro, as it does a path with a trailing slash: Astro's redirect).
 */
export function serveApi(req: IncomingMessage, res: ServerResponse, trustProxy: boolean): boolean {
  const door = apiDoor();
  const url = req.url ?? '';
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!door || !path.startsWith('/api/') || path.endsWith('/')) return false;
  const read = req.method === 'GET' && !hasBody(req) ? apiReads()?.(path) : undefined;
  if (read) {
    // Its pattern is its path: a read's path has no parameters.
    nameRoute(path);
    answerRead(req, res, read);
    return true;
  }
  // The API's own router names the route once it matched; a request that ends before (the client went away) is
  // counted under the API's pattern, as it was through Astro, rather than as a static file.
  nameRoute('/api/[...path]');
  let request: Request;
  try {
    request = fetchRequest(req, trustProxy);
  } catch {
    // A header value no Request takes: bad input, not a failure.
    answerError(req, res, 400, 'api_invalid_input');
    return true;
  }
  door(request, req.socket.remoteAddress)
    .then((response) => sendResponse(res, response))
    .catch(failed(req, res));
  return true;
}
