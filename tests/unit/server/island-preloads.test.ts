import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const client = mkdtempSync(join(tmpdir(), 'client-'));
writeFileSync(
  join(client, 'island-preloads.json'),
  JSON.stringify({
    '/_astro/SearchForm.a.js': ['/_astro/SearchForm.a.js', '/_astro/react.b.js', '/_astro/Field.c.js'],
    '/_astro/client.d.js': ['/_astro/client.d.js', '/_astro/react.b.js'],
  }),
);
process.env.CLIENT_DIR = client;
const { withIslandPreloads } = await import('../../../src/server/http/island-preloads.ts');

describe('island modules named in the head', () => {
  it('preloads each island module and the renderer with everything they import, once each', () => {
    const html =
      '<html><head><title>x</title></head><body><astro-island uid="1" component-url="/_astro/SearchForm.a.js" ' +
      'component-export="default" renderer-url="/_astro/client.d.js" ssr></astro-island></body></html>';
    const out = withIslandPreloads(html);
    const links = [...out.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((match) => match[1]);
    expect(links).toEqual([
      '/_astro/SearchForm.a.js',
      '/_astro/react.b.js',
      '/_astro/Field.c.js',
      '/_astro/client.d.js',
    ]);
    expect(out.indexOf('modulepreload')).toBeLessThan(out.indexOf('</head>'));
  });

  it('leaves a page without islands, or an island the build does not know, as it was', () => {
    const plain = '<html><head></head><body><p>About us</p></body></html>';
    expect(withIslandPreloads(plain)).toBe(plain);
    const unknown =
      '<html><head></head><body><astro-island component-url="/_astro/Old.z.js"></astro-island></body></html>';
    expect(withIslandPreloads(unknown)).toBe(unknown);
  });
});
