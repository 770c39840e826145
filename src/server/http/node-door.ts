import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { apiDoor } from './api-door.ts';
import { isHttps } from './security-headers.ts';
import { log } from '../observability/log.ts';
import { nameRoute } from '../observability/request-scope.ts';

/** A Host header as a URL may carry it (name or address, and a port); anything else is not used. */
const PLAIN_HOST = /^[\w.-]+(:\d{1,5})?$|^\[[\d:a-f.]+\](:\d{1,5})?$/i;

/** The Fetch request of a Node one: its URL, method, headers and (not for GET or HEAD) its body as it streams in. */
export function fetchRequest(req: IncomingMessage, trustProxy: boolean): Request {
  const host =
    req.headers.host !== undefined && PLAIN_HOST.test(req.headers.host) ? req.headers.host : 'localhost';
  const url = `${isHttps(req, trustProxy) ? 'https' : 'http'}://${host}${req.url ?? '/'}`;
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] ?? '';
    // HTTP/2 pseudo-headers (`:path`) are not headers a Request can carry.
    if (!name.startsWith(':')) headers.append(name, raw[i + 1] ?? '');
  }
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers });
  return new Request(url, {
    method,
    headers,
    body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
    duplex: 'half',
  } as RequestInit);
}

/**
 * Writes a Fetch response on the Node one: the API's answers are small JSON (or a PDF, a picture) complete in memory,
 * so read whole and sent in one write, with their length.
 */
export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  const cookies = response.headers.getSetCookie();
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
  if (body) res.setHeader('Content-Length', body.length);
  res.writeHead(response.status, response.statusText || undefined);
  res.end(body);
}

/**
 * Answers a request under `/api/` through the API's door (http/api-door.ts) when the built bundle has opened it;
 * false otherwise (the caller serves it through Astro).
 */
export function serveApi(req: IncomingMessage, res: ServerResponse, trustProxy: boolean): boolean {
  const door = apiDoor();
  if (!door || !req.url?.startsWith('/api/')) return false;
  // The API's own router names the route once it matched; a request that ends before (the client went away) is
  // counted under the API's pattern, as it was through Astro, rather than as a static file.
  nameRoute('/api/[...path]');
  let request: Request;
  try {
    request = fetchRequest(req, trustProxy);
  } catch {
    // A header value no Request takes: bad input, not a failure.
    res.writeHead(400, { 'Content-Type': 'text/plain' }).end();
    return true;
  }
  door(request, req.socket.remoteAddress)
    .then((response) => sendResponse(res, response))
    .catch((error: unknown) => {
      log.error({ err: error }, 'unhandled error in the API');
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  return true;
}
