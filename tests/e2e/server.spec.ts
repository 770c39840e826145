import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, get } from 'node:http';
import { expect, test } from '@playwright/test';

test.describe('production server', () => {
  test("keeps an idle connection open past Node's 6 s, so a proxy reusing it is never reset", async ({
    baseURL,
  }) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const health = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const sent = get(`${baseURL ?? ''}/api/health`, { agent }, (answer) => {
          answer.resume();
          answer.on('end', () => {
            resolve({ status: answer.statusCode ?? 0, reused: sent.reusedSocket });
          });
        });
        sent.on('error', reject);
      });
    try {
      expect(await health()).toEqual({ status: 200, reused: false });
      // Node's own default closes an idle connection after 5 s and its 1 s buffer.
      await new Promise((resolve) => setTimeout(resolve, 7_500));
      expect(await health()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });

  test('serves pages with the security headers and a CSP without unsafe-inline', async ({ request }) => {
    const response = await request.get('/');
    const headers = response.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['strict-transport-security']).toBeUndefined(); // plain HTTP, no trusted proxy
    const html = await response.text();
    const csp = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp).not.toContain('unsafe-inline');
  });

  test('keeps frame-ancestors on pages rendered on demand, where Astro sends its own CSP header', async ({
    request,
  }) => {
    for (const path of [
      '/booking/check-order',
      '/id/booking/check-order',
      '/booking/schedule?from=BTC&to=HFC',
    ]) {
      const csp = (await request.get(path)).headers()['content-security-policy'] ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toMatch(/script-src 'self'/);
    }
  });

  test('answers paths that are not valid percent-encoding with a 404 in the right language', async ({
    request,
  }) => {
    const page = await request.get('/id/booking/%zz');
    expect(page.status()).toBe(404);
    expect(await page.text()).toContain('<html lang="id"');
    const english = await request.get('/%C0%AF');
    expect(english.status()).toBe(404);
    const api = await request.get('/api/bookings/%ff', { headers: { 'Accept-Language': 'id' } });
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ message: 'Tidak ditemukan' });
    // A segment that decodes to control characters: under /api/ still the API's JSON, never the HTML page.
    const control = await request.get('/api/bookings/%0D%0AX');
    expect(control.status()).toBe(404);
    expect(await control.json()).toEqual({ message: 'Not found' });
    expect((await request.get('/id/booking/%0D%0AX')).status()).toBe(404);
  });

  test("refuses a body over 64 KB with 413 before reading it, in the reader's language", async ({
    request,
  }) => {
    const big = 'x'.repeat(70_000);
    const api = await request.post('/api/bookings', {
      data: { out: big },
      headers: { 'Accept-Language': 'id' },
    });
    expect(api.status()).toBe(413);
    expect(((await api.json()) as { message: string }).message).toMatch(/terlalu besar/);
    const form = await request.post('/booking/schedule', { form: { out: big }, maxRedirects: 0 });
    expect(form.status()).toBe(413);
    expect(((await form.json()) as { message: string }).message).toMatch(/too large/);
    // A picture far over its 2 MB hears of the picture's limit at its field, as one just over it does.
    const picture = await request.post('/api/profile/avatar', {
      multipart: { image: { name: 'big.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(5_000_000) } },
    });
    expect(picture.status()).toBe(413);
    const refused = (await picture.json()) as { errors?: { image?: string[] } };
    expect(refused.errors?.image).toEqual(['The picture is larger than 2 MB: choose a smaller one.']);
  });

  test('says on every page, in its language, that payments are simulated while the sandbox is the gateway', async ({
    request,
  }) => {
    const pages: [string, string][] = [
      ['/', 'payments here are simulated'],
      ['/id/tnc', 'pembayaran di sini hanya simulasi'],
      ['/booking/check-order', 'payments here are simulated'],
      ['/id/booking/schedule?from=BTC&to=HFC', 'pembayaran di sini hanya simulasi'],
    ];
    for (const [path, words] of pages) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('data-testid="sandbox-banner"');
      expect(html, path).toContain(words);
    }
  });

  test('serves static files pre-compressed, hashed assets immutable', async ({ request, page }) => {
    await page.goto('/');
    const css = await page.locator('link[rel=stylesheet]').first().getAttribute('href');
    expect(css).toMatch(/^\/_astro\//);
    const asset = await request.get(css ?? '', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(asset.headers()['content-encoding']).toBe('br');
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await request.get(css ?? '', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers()['content-encoding']).toBe('gzip');
    const html = await request.get('/about-us', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(html.headers()['content-encoding']).toBe('br');
    expect(html.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  test('compresses dynamic HTML and answers the health check', async ({ request }) => {
    const notFound = await request.get('/no-such-page', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(notFound.status()).toBe(404);
    expect(notFound.headers()['content-encoding']).toBe('gzip');
    const health = await request.get('/api/health');
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const unknown = await request.get('/api/nothing', { headers: { 'Accept-Language': 'id' } });
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Tidak ditemukan' });
  });

  test('lists both languages of every page in the sitemap and names it in robots.txt', async ({
    request,
  }) => {
    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    for (const path of ['/about-us', '/id/about-us', '/tnc', '/id/tnc', '/contact', '/id/contact']) {
      expect(sitemap).toContain(`${path}</loc>`);
    }
    expect(sitemap).toContain('hreflang="id"');
    expect(sitemap).not.toContain('/e2e/');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: https?:\/\/.+\/sitemap-index\.xml/);
  });

  test('refuses to start in production without SITE_URL, saying what to set', async () => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      NODE_ENV: 'production',
      PGLITE_DIR: 'memory://',
      ALLOW_SANDBOX_GATEWAY: '1',
    };
    delete env.SITE_URL;
    const server = spawn(process.execPath, ['src/server/main.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(server, 'exit')) as [number | null];
    expect(code).not.toBe(0);
    expect(stderr).toContain('SITE_URL is not set');
  });

  test('sends HSTS only behind a trusted HTTPS proxy, and stops cleanly on SIGTERM', async () => {
    const port = 4390 + test.info().parallelIndex;
    const server = spawn(process.execPath, ['src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        TRUST_PROXY: '1',
        PGLITE_DIR: 'memory://',
        SITE_URL: `http://127.0.0.1:${String(port)}`,
        ALLOW_SANDBOX_GATEWAY: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let printed = '';
    try {
      await new Promise<void>((resolve, reject) => {
        server.stdout.on('data', (chunk: Buffer) => {
          printed += chunk.toString();
          if (chunk.toString().includes('listening')) resolve();
        });
        server.once('exit', (code) => {
          reject(new Error(`server exited early with ${String(code)}`));
        });
      });
      const behindProxy = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { 'X-Forwarded-Proto': 'https' },
      });
      expect(behindProxy.headers.get('strict-transport-security')).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const direct = await fetch(`http://127.0.0.1:${port}/`);
      expect(direct.headers.get('strict-transport-security')).toBeNull();
    } finally {
      const exited = once(server, 'exit');
      server.kill('SIGTERM');
      const [code] = (await exited) as [number | null];
      expect(code).toBe(0);
      // It finished its requests, jobs and database, rather than being cut off at the end of its grace time.
      expect(printed).not.toContain('stopping anyway');
    }
  });
});
