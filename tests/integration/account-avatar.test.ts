import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { avatars } from '../../src/server/db/schema/accounts.ts';
import { ACCOUNT_PASSWORD } from '../factories/accounts.ts';
import { accountsApi, testApp } from '../support/app.ts';
import { TestBrowser } from '../support/browser.ts';
import { testDatabases } from '../support/databases.ts';

const now = new Date('2026-11-23T03:00:00Z');

/** A photo as a phone takes it: a JPEG with EXIF (a GPS position among it), landscape. */
async function phonePhoto(width = 800, height = 600) {
  return sharp({ create: { width, height, channels: 3, background: '#1d6fa5' } })
    .withExif({ IFD0: { Make: 'Phone', Software: 'Camera' }, IFD3: { GPSLatitudeRef: 'N' } })
    .jpeg()
    .toBuffer();
}

/**
 * A PNG whose header declares `width` x `height` over a few compressed bytes: a decompression bomb's shape (a real
 * one inflates to gigabytes; this one needs only to be read as far as its header).
 */
function declaredPng(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const pixels = chunk('IDAT', deflateSync(Buffer.alloc(64)));
  return Buffer.concat([signature, chunk('IHDR', header), pixels, chunk('IEND', Buffer.alloc(0))]);
}

function upload(bytes: Uint8Array, name = 'photo.jpg', type = 'image/jpeg') {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

describe.each(testDatabases)('the profile picture (/api/profile/avatar) on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let api: ReturnType<typeof testApp>;

  beforeAll(async () => {
    ({ handle, drop, api } = await accountsApi(database, now, [
      { email: 'hana@example.com' },
      { email: 'joko@example.com' },
      { email: 'rani@example.com' },
    ]));
  });
  afterAll(() => drop());

  async function holder(email: string, app = api) {
    const browser = new TestBrowser(app);
    await browser.logIn(email, ACCOUNT_PASSWORD);
    return browser;
  }
  const post = (browser: TestBrowser, form: FormData, init: { forged?: boolean; from?: string } = {}) =>
    browser.request('/api/profile/avatar', { method: 'POST', body: form, ...init });
  const profile = async (browser: TestBrowser) =>
    ((await (await browser.request('/api/profile')).json()) as { data: { avatarUrl: string | null } }).data;

  it('keeps a square WebP made from the photo, with none of its metadata, served as an image only', async () => {
    const hana = await holder('hana@example.com');
    expect((await profile(hana)).avatarUrl).toBeNull();
    const saved = await post(hana, upload(await phonePhoto()));
    expect(saved.status).toBe(200);
    expect(saved.headers.get('Cache-Control')).toBe('no-store');
    const { data } = (await saved.json()) as { data: { avatarUrl: string } };
    expect(data.avatarUrl).toBe(`/api/profile/avatar?v=${String(now.getTime())}`);

    const served = await hana.request(data.avatarUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/webp');
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(served.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox");
    expect(served.headers.get('Cache-Control')).toBe('private, no-cache');
    const image = Buffer.from(await served.arrayBuffer());
    const kept = await sharp(image).metadata();
    expect(kept).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(kept.exif).toBeUndefined();
    expect(kept.icc).toBeUndefined();
    expect(kept.xmp).toBeUndefined();

    const again = await hana.request(data.avatarUrl, {
      headers: { 'If-None-Match': served.headers.get('ETag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('turns a picture upright by its orientation before cropping the middle square', async () => {
    const joko = await holder('joko@example.com');
    // Stored sideways (400 wide, 200 high, left half red), to be shown turned 90 degrees clockwise.
    const sideways = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#0000ff' } })
      .composite([
        {
          input: {
            create: { width: 200, height: 200, channels: 3, background: '#ff0000' },
          },
          left: 0,
          top: 0,
        },
      ])
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await post(joko, upload(sideways))).status).toBe(200);
    const image = Buffer.from(await (await joko.request('/api/profile/avatar')).arrayBuffer());
    // Upright it is 200 wide and 400 high, red on top: the middle square is half red (top), half blue (bottom).
    const { data } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 256 + x) * 3, (y * 256 + x) * 3 + 3)];
    expect(pixel(128, 20)[0]).toBeGreaterThan(200);
    expect(pixel(128, 236)[2]).toBeGreaterThan(200);
  });

  it('refuses a file over 2 MB (413) and keeps the picture it had', async () => {
    const hana = await holder('hana@example.com');
    const before = await profile(hana);
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    const refused = await post(hana, upload(big));
    expect(refused.status).toBe(413);
    const body = (await refused.json()) as { message: string; errors: { image: string[] } };
    expect(body.errors.image).toEqual(['The picture is larger than 2 MB: choose a smaller one.']);
    expect(await profile(hana)).toEqual(before);
  });

  it('refuses what is not a picture by its content, whatever its name and type say (422), in Indonesian too', async () => {
    const hana = await holder('hana@example.com');
    const text = new TextEncoder().encode('<script>alert(1)</script>');
    const fake = await post(hana, upload(text, 'photo.png', 'image/png'));
    expect(fake.status).toBe(422);
    expect(((await fake.json()) as { errors: { image: string[] } }).errors.image).toEqual([
      'This file is not a picture we can read: choose a JPEG, PNG, WebP, GIF or AVIF picture.',
    ]);
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const vector = await hana.request('/api/profile/avatar', {
      method: 'POST',
      body: upload(svg, 'photo.svg', 'image/svg+xml'),
      headers: { 'Accept-Language': 'id' },
    });
    expect(vector.status).toBe(422);
    expect(((await vector.json()) as { errors: { image: string[] } }).errors.image).toEqual([
      'Berkas ini bukan foto yang dapat kami baca. Pilih foto JPEG, PNG, WebP, GIF, atau AVIF.',
    ]);
    const truncated = (await phonePhoto()).subarray(0, 400);
    expect((await post(hana, upload(truncated))).status).toBe(422);
    const nothing = await hana.request('/api/profile/avatar', { method: 'POST', body: new FormData() });
    expect(nothing.status).toBe(400);
  });

  it('refuses a picture declaring more than 24 megapixels before decoding it (422)', async () => {
    const hana = await holder('hana@example.com');
    const bomb = declaredPng(20_000, 20_000);
    expect(bomb.byteLength).toBeLessThan(100);
    const refused = await post(hana, upload(bomb, 'small.png', 'image/png'));
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: { image: string[] } }).errors.image).toEqual([
      'The picture has more than 24 megapixels: choose a smaller one.',
    ]);
  });

  it('keeps only the pixels of a picture that carries a script after its end (a polyglot)', async () => {
    const hana = await holder('hana@example.com');
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const polyglot = Buffer.concat([png, Buffer.from('<script>alert(document.cookie)</script>')]);
    expect((await post(hana, upload(polyglot, 'photo.png', 'image/png'))).status).toBe(200);
    const [kept] = await handle.db.select().from(avatars);
    const stored = (kept?.image ?? Buffer.alloc(0)).toString('latin1');
    expect(stored.startsWith('RIFF')).toBe(true);
    expect(stored.slice(8, 12)).toBe('WEBP');
    expect(stored).not.toContain('<script');
  });

  it('takes changes only from our own page with its token, and from a holder only', async () => {
    const hana = await holder('hana@example.com');
    const photo = await phonePhoto();
    expect((await post(hana, upload(photo), { forged: true })).status).toBe(403);
    expect((await post(hana, upload(photo), { from: 'https://evil.example' })).status).toBe(403);
    const guest = await api.request('/api/profile/avatar', { method: 'POST', body: upload(photo) });
    expect(guest.status).toBe(401);
    expect((await api.request('/api/profile/avatar')).status).toBe(401);
  });

  it('shows each holder only their own picture, removes it, and it goes with the account', async () => {
    const hana = await holder('hana@example.com');
    const joko = await holder('joko@example.com');
    await post(hana, upload(await phonePhoto()));
    expect((await joko.request('/api/profile/avatar', { method: 'DELETE' })).status).toBe(200);
    expect((await joko.request('/api/profile/avatar')).status).toBe(404);
    expect((await hana.request('/api/profile/avatar')).status).toBe(200);
    const removed = await hana.request('/api/profile/avatar', { method: 'DELETE' });
    expect(((await removed.json()) as { data: { avatarUrl: null } }).data.avatarUrl).toBeNull();
    expect((await hana.request('/api/profile/avatar')).status).toBe(404);

    await post(hana, upload(await phonePhoto()));
    const deleted = await hana.request('/api/profile', {
      method: 'DELETE',
      json: { currentPassword: ACCOUNT_PASSWORD, confirm: true },
    });
    expect(deleted.status).toBe(204);
    expect(await handle.db.select().from(avatars)).toHaveLength(0);
  });

  it('counts uploads per account (429 once the hour is spent)', async () => {
    const limited = testApp(handle.db, now, undefined, {
      holds: 10_000,
      lookups: 10_000,
      codeFailures: 10_000,
      pictures: 2,
    });
    const rani = await holder('rani@example.com', limited);
    const photo = await phonePhoto(100, 100);
    expect((await post(rani, upload(photo))).status).toBe(200);
    expect((await post(rani, upload(photo))).status).toBe(200);
    expect((await post(rani, upload(photo))).status).toBe(429);
  });
});
