import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementMarker, type LiveAnnouncement } from '../../../src/domain/announcements.ts';
import { AnnouncementFeed } from '../../../src/server/announcements/feed.ts';
import { announcementInserter } from '../../../src/server/announcements/page-insert.ts';

const storm: LiveAnnouncement = {
  id: 'storm',
  version: 1,
  placement: 'route',
  routeId: 'btc-hfc',
  level: 'warning',
  startsAt: new Date('2026-12-24T00:00:00Z'),
  endsAt: new Date('2026-12-24T12:00:00Z'),
  html: { en: '<p>Rough seas today.</p>', id: '<p>Laut berombak hari ini.</p>' },
};
const page = (marker: string) =>
  `<!doctype html><html><body><main>${marker}<h1>Page</h1></main></body></html>`;

/** The server's entry inserting announcements into pre-rendered pages, on a folder of built pages. */
describe('announcements inserted into pre-rendered pages as they are served', () => {
  const base = mkdtempSync(join(tmpdir(), 'pages-'));
  const root = join(base, 'client');
  let now = new Date('2026-12-24T06:00:00Z');
  let published: LiveAnnouncement[] = [storm];
  let reads = 0;
  const feed = new AnnouncementFeed(
    () => {
      reads += 1;
      return Promise.resolve(published);
    },
    Date.now, // the feed's own clock (it reads at every request here), apart from the pages' `now`
    0,
  );
  const serve = announcementInserter({ root, feed, clock: () => now });
  let server: Server;
  let port = 0;

  beforeAll(async () => {
    mkdirSync(join(root, 'schedule'), { recursive: true });
    // Beside the pages, not among them: a page with a marker that no request may reach.
    writeFileSync(join(base, 'outside.html'), page(announcementMarker({ kind: 'other' })));
    mkdirSync(join(root, 'id', 'schedule'), { recursive: true });
    writeFileSync(
      join(root, 'schedule', 'batam-centre-harbourfront.html'),
      page(announcementMarker({ kind: 'route', routeId: 'btc-hfc' })),
    );
    writeFileSync(
      join(root, 'id', 'schedule', 'batam-centre-harbourfront.html'),
      page(announcementMarker({ kind: 'route', routeId: 'btc-hfc' })),
    );
    writeFileSync(join(root, 'about-us.html'), page(announcementMarker({ kind: 'other' })));
    server = createServer((req, res) => {
      void serve(req, res).then((served) => {
        if (!served) res.writeHead(299).end('static');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => {
    server.close();
    rmSync(base, { recursive: true, force: true });
  });

  function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
          });
        });
        req.on('error', reject);
        req.end();
      },
    );
  }

  it("inserts the route's warning in each page's language, compressed as the browser asks", async () => {
    const en = await get('/schedule/batam-centre-harbourfront', { 'Accept-Encoding': 'br, gzip' });
    expect(en.status).toBe(200);
    expect(en.headers['content-encoding']).toBe('br');
    expect(Number(en.headers['content-length'])).toBe(en.body.length);
    const html = brotliDecompressSync(en.body).toString();
    expect(html).toContain('<p>Rough seas today.</p>');
    expect(html).toContain('announcement-warning');
    expect(html).not.toContain('<!--announcements:');
    expect(html).not.toMatch(/<script/);

    const id = await get('/id/schedule/batam-centre-harbourfront', { 'Accept-Encoding': 'gzip' });
    expect(id.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(id.body).toString()).toContain('Laut berombak hari ini.');
    const plain = await get('/id/schedule/batam-centre-harbourfront', { 'Accept-Encoding': 'br;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('Pengumuman');
  });

  it('leaves pages it is not placed on to the static files, and answers a revalidation with 304', async () => {
    expect((await get('/about-us')).status).toBe(299);
    const first = await get('/schedule/batam-centre-harbourfront', { 'Accept-Encoding': 'br' });
    const again = await get('/schedule/batam-centre-harbourfront', {
      'Accept-Encoding': 'br',
      'If-None-Match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    const head = await get('/schedule/batam-centre-harbourfront', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.body.length).toBe(0);
  });

  it('is gone at its end, and a new version replaces the cached page at once', async () => {
    published = [{ ...storm, version: 2, html: { ...storm.html, en: '<p>Harbour closed.</p>' } }];
    const changed = await get('/schedule/batam-centre-harbourfront');
    expect(changed.body.toString()).toContain('Harbour closed.');
    now = new Date('2026-12-24T12:00:00Z');
    expect((await get('/schedule/batam-centre-harbourfront')).status).toBe(299);
    now = new Date('2026-12-24T06:00:00Z');
  });

  it('never reads a file outside the pages, nor answers for assets and the API', async () => {
    published = [{ ...storm, id: 'everywhere', placement: 'everywhere', routeId: null, level: 'info' }];
    expect((await get('/about-us')).status).toBe(200); // placed on every page: inserted
    for (const path of [
      '/../outside',
      '/..%2Foutside',
      '/%2e%2e/outside',
      '/%2e%2e%2foutside',
      '/schedule/..%2F..%2Foutside',
      '/_astro/x.js',
      '/api/health',
      '/favicon.svg',
      '/%ff',
      '/about-us%00',
    ])
      expect((await get(path)).status, path).toBe(299);
    expect(reads).toBeGreaterThan(0);
    published = [storm];
  });
});

describe("a process's feed of published announcements", () => {
  it('reads again only after its seconds, keeps the last list when a read fails, and tries again later', async () => {
    let clock = 0;
    let answer: () => Promise<LiveAnnouncement[]> = () => Promise.resolve([storm]);
    let reads = 0;
    const feed = new AnnouncementFeed(
      () => {
        reads += 1;
        return answer();
      },
      () => clock,
      3,
    );
    expect(await feed.current()).toEqual([storm]);
    clock = 2_999;
    await feed.current();
    expect(reads).toBe(1);
    clock = 3_000;
    answer = () => Promise.reject(new Error('database away'));
    expect(await feed.current()).toEqual([storm]);
    expect(reads).toBe(2);
    await feed.current(); // not again at once: an outage is no flood of reads
    expect(reads).toBe(2);
    clock = 6_000;
    answer = () => Promise.resolve([]);
    expect(await feed.current()).toEqual([]);
  });

  it('does not answer a list read before a change that came while it was read', async () => {
    const { announcementsChanged } = await import('../../../src/server/announcements/feed.ts');
    let release: (list: LiveAnnouncement[]) => void = () => undefined;
    let reads = 0;
    const feed = new AnnouncementFeed(
      () => {
        reads += 1;
        return reads === 1
          ? new Promise<LiveAnnouncement[]>((resolve) => {
              release = resolve;
            })
          : Promise.resolve([storm]);
      },
      () => 0,
    );
    const early = feed.current(); // a read begins; the announcement is published meanwhile
    announcementsChanged();
    const late = feed.current(); // a page asked after the publication
    release([]);
    expect(await early).toEqual([]);
    expect(await late).toEqual([storm]);
  });

  it('after a change, a failed read is not tried again at every request', async () => {
    const { announcementsChanged } = await import('../../../src/server/announcements/feed.ts');
    let reads = 0;
    const feed = new AnnouncementFeed(
      () => {
        reads += 1;
        return Promise.reject(new Error('database away'));
      },
      () => 0,
    );
    announcementsChanged();
    await Promise.all([feed.current(), feed.current()]);
    await feed.current();
    expect(reads).toBe(1);
  });

  it('reads again at once after this process published or withdrew one', async () => {
    const { announcementsChanged } = await import('../../../src/server/announcements/feed.ts');
    let reads = 0;
    const feed = new AnnouncementFeed(
      () => {
        reads += 1;
        return Promise.resolve([]);
      },
      () => 0,
    );
    await feed.current();
    await feed.current();
    expect(reads).toBe(1);
    announcementsChanged();
    await feed.current();
    expect(reads).toBe(2);
  });
});
