import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** Types worth compressing; images and PDFs are compressed already. */
const compressible = /^(text\/|application\/(json|javascript|xml|problem\+json)|image\/svg\+xml)/;
/** Below this size the gzip header and a round of CPU cost more than they save. */
const MIN_BYTES = 1024;

/**
 * Gzips a response when the client accepts it and it is text of unknown or sufficient length. JSON is complete in
 * memory, so it is gzipped in one call on libuv's thread pool (off the event loop; 2.6x the throughput of a
 * CompressionStream in bench:search); HTML keeps streaming so the head of a page leaves before its end renders.
 */
export async function compressResponse(request: Request, response: Response): Promise<Response> {
  const type = response.headers.get('Content-Type') ?? '';
  const length = Number(response.headers.get('Content-Length') ?? Number.NaN);
  if (
    !response.body ||
    request.method === 'HEAD' ||
    response.status === 204 ||
    response.status === 304 ||
    response.headers.has('Content-Encoding') ||
    !compressible.test(type) ||
    length < MIN_BYTES ||
    !acceptsGzip(request.headers.get('Accept-Encoding'))
  ) {
    return withVary(response);
  }
  const headers = new Headers(response.headers);
  if (type.startsWith('application/json')) {
    // JSON comes without its length (Hono's): measured here, so a short answer (an error) is not gzipped larger.
    const json = await response.arrayBuffer();
    const init = { status: response.status, statusText: response.statusText, headers };
    if (!gzipsJson(json.byteLength, request.headers.get('Accept-Encoding')))
      return withVary(new Response(json, init));
    const body = await gzipJson(json);
    headers.set('Content-Encoding', 'gzip');
    headers.set('Content-Length', String(body.length));
    return withVary(new Response(body, init));
  }
  headers.set('Content-Encoding', 'gzip');
  headers.delete('Content-Length');
  const compressed = new Response(response.body.pipeThrough(new CompressionStream('gzip')), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
  return withVary(compressed);
}

function acceptsGzip(header: string | null | undefined): boolean {
  return accepts(header, 'gzip');
}

/** Whether JSON of `length` bytes is gzipped for a client that sent `acceptEncoding`: the rule above, for JSON. */
export function gzipsJson(length: number, acceptEncoding: string | null | undefined): boolean {
  return length >= MIN_BYTES && acceptsGzip(acceptEncoding);
}

/** JSON gzipped in one call on libuv's thread pool. */
export function gzipJson(json: ArrayBuffer | Buffer) {
  return gzipAsync(json, { level: constants.Z_DEFAULT_COMPRESSION });
}

/** A Vary header that also names Accept-Encoding: every answer that may be compressed says so. */
export function varyWithEncoding(vary: string | null | undefined): string {
  if (vary?.toLowerCase().includes('accept-encoding')) return vary;
  return vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
}

/** Whether an `Accept-Encoding` header takes `coding` (named, and not with `q=0`). */
export function accepts(header: string | null | undefined, coding: 'gzip' | 'br'): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [named, ...params] = part.trim().split(';');
    const q = params.find((p) => p.trim().startsWith('q='));
    return named?.trim().toLowerCase() === coding && (q === undefined || Number(q.trim().slice(2)) > 0);
  });
}

const STATIC_OPTIONS = {
  br: (size: number) => ({
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: size },
  }),
  gzip: () => ({ level: 9 }),
};
const brotliAsync = promisify(brotliCompress);

/**
 * A static page's bytes as served: brotli at its best (quality 11) and gzip at level 9, made once and kept, for the
 * build's files (scripts/precompress.ts, at once) and the pages with an announcement (announcements/page-insert.ts,
 * on libuv's thread pool: quality 11 takes tens of milliseconds a page, which the event loop must not wait for).
 */
export function compressOnce(data: Buffer, coding: 'gzip' | 'br'): Buffer {
  return coding === 'gzip'
    ? gzipSync(data, STATIC_OPTIONS.gzip())
    : brotliCompressSync(data, STATIC_OPTIONS.br(data.length));
}

export function compressOnceLater(data: Buffer, coding: 'gzip' | 'br'): Promise<Buffer> {
  return coding === 'gzip'
    ? gzipAsync(data, STATIC_OPTIONS.gzip())
    : brotliAsync(data, STATIC_OPTIONS.br(data.length));
}

function withVary(response: Response): Response {
  const vary = response.headers.get('Vary');
  if (vary?.toLowerCase().includes('accept-encoding')) return response;
  try {
    response.headers.set('Vary', varyWithEncoding(vary));
    return response;
  } catch {
    // Immutable headers (a fetched response): copy once.
    const headers = new Headers(response.headers);
    headers.set('Vary', varyWithEncoding(vary));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
