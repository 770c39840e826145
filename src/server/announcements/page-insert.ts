import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, normalize } from 'node:path';
import { announcementsFor, findAnnouncementMarker } from '../../domain/announcements.ts';
import { localeFromPath } from '../../i18n/locales.ts';
import { REVALIDATE } from '../http/cache-control.ts';
import { accepts, compressOnceLater } from '../http/compress.ts';
import { announcementBannerHtml } from './banner.ts';
import { keepAtMost } from '../kept-at-most.ts';
import type { AnnouncementFeed } from './feed.ts';

/** Pages with an announcement kept ready, compressed, per page, version and encoding: a bounded few. */
const MAX_CACHED = 300;

interface Ready {
  body: Buffer;
  etag: string;
  encoding: 'br' | 'gzip' | undefined;
}

/**
 * Serves a pre-rendered page with the announcements live on it, inserted at its marker (domain/announcements.ts)
 * as it is served: no rebuild, no script, no client fetch. The result is compressed once per page, announcement
 * versions and encoding, and kept; which announcements show is decided at each request, so one appears at its
 * start and is gone at its end, to the second. A page with none to show is left to the static files (its
 * precompressed bytes and ETag, untouched): `serve` answers false.
 */
export function announcementInserter(options: { root: string; feed: AnnouncementFeed; clock?: () => Date }) {
  const { root, feed, clock = () => new Date() } = options;
  const files = new Map<string, Promise<string | undefined>>();
  const ready = new Map<string, Promise<Ready>>();

  /** The page's HTML as built (`/about-us` is `about-us.html`), read once: a deploy never changes it. */
  const pageHtml = (path: string): Promise<string | undefined> => {
    let file = files.get(path);
    if (!file) {
      file = readPage(root, path);
      if (files.size < 2_000) files.set(path, file);
    }
    return file;
  };

  return async function serve(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const path = pagePath(req.url ?? '/');
    if (path === undefined) return false;
    const published = await feed.current();
    if (published.length === 0) return false;
    const html = await pageHtml(path);
    const found = html === undefined ? undefined : findAnnouncementMarker(html);
    if (html === undefined || !found) return false;
    const shown = announcementsFor(published, found.page, clock());
    if (shown.length === 0) return false;
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    const key = `${path}|${shown.map((a) => `${a.id}:${String(a.version)}`).join(',')}|${encoding ?? ''}`;
    // One compression per page, versions and encoding, shared by the requests that ask for it meanwhile.
    let making = ready.get(key);
    if (!making) {
      const body = Buffer.from(
        // A function, not a string: `$&` or `$'` in a notice must stay text, not copy the page into itself.
        html.replace(found.marker, () => announcementBannerHtml(shown, localeFromPath(path))),
        'utf8',
      );
      making = (encoding ? compressOnceLater(body, encoding) : Promise.resolve(body)).then((encoded) => ({
        body: encoded,
        etag: `W/"a-${createHash('sha256').update(key).update(body).digest('base64url').slice(0, 22)}"`,
        encoding,
      }));
      keepAtMost(ready, key, making, MAX_CACHED);
    }
    const page = await making;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', REVALIDATE);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', page.etag);
    if (req.headers['if-none-match'] === page.etag) {
      res.writeHead(304).end();
      return true;
    }
    if (page.encoding) res.setHeader('Content-Encoding', page.encoding);
    res.setHeader('Content-Length', page.body.length);
    res.writeHead(200);
    res.end(req.method === 'HEAD' ? undefined : page.body);
    return true;
  };
}

/** A request's path, decoded, without its query; undefined for one that could name no page (a file, a `..`). */
function pagePath(url: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return undefined;
  }
  if (path.startsWith('/_astro/') || path.startsWith('/api/') || /[\0\\]|\/\.|\.[a-z0-9]+$/i.test(path))
    return undefined;
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

async function readPage(root: string, path: string): Promise<string | undefined> {
  const candidates = path === '/' ? ['index.html'] : [`${path}.html`, `${path}/index.html`];
  for (const candidate of candidates) {
    const file = normalize(join(root, candidate));
    if (!file.startsWith(normalize(root))) return undefined;
    try {
      return await readFile(file, 'utf8');
    } catch {
      // not this one
    }
  }
  return undefined;
}

function acceptedEncoding(header: string | string[] | undefined): Ready['encoding'] {
  const accepted = Array.isArray(header) ? header.join(',') : header;
  if (accepts(accepted, 'br')) return 'br';
  if (accepts(accepted, 'gzip')) return 'gzip';
  return undefined;
}
