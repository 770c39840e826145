import { describe, expect, it } from 'vitest';
import { chunkImports, pageAssets, precacheAssets } from '../../../scripts/precache-list.ts';

/** A page as Astro builds it: stylesheets, module preloads, an island and a script. */
const page = `<html><head>
<link rel="stylesheet" href="/_astro/app.A1.css"><link rel="icon" href="/favicon.svg">
<link rel="modulepreload" href="/_astro/Host.B2.js"><script type="module" src="/_astro/page.C3.js"></script>
<link rel="canonical" href="https://example.test/my-trips"></head><body>
<astro-island uid="x" component-url="/_astro/Host.B2.js" component-export="default" renderer-url="/_astro/client.D4.js"
 props="{}"></astro-island><a href="/schedule">Schedules</a></body></html>`;

/** Minified chunks, as rolldown writes them: static imports, a side-effect import and a dynamic import. */
const modules: Record<string, string> = {
  '/_astro/Host.B2.js':
    'import{a as e}from"./react.E5.js";import"./kit.F6.js";const t=()=>import(`./Dialog.G7.js`);',
  '/_astro/page.C3.js': "export*from'./kit.F6.js';",
  '/_astro/client.D4.js': 'import{b}from"./react.E5.js";',
  '/_astro/react.E5.js': 'export const a=1,b=2;',
  '/_astro/kit.F6.js': 'export const k=import("./react.E5.js");',
  '/_astro/Dialog.G7.js': 'import{x}from"./nested/form.H8.js";',
  '/_astro/nested/form.H8.js': 'import{y}from"../react.E5.js";const s="from \'./not-a-module\'";',
};

describe('the precache list', () => {
  it("takes the /_astro/ files a page's links, scripts and islands name, once each", () => {
    expect(pageAssets(page)).toEqual([
      '/_astro/app.A1.css',
      '/_astro/Host.B2.js',
      '/_astro/page.C3.js',
      '/_astro/client.D4.js',
    ]);
  });

  it("resolves a chunk's static imports against its own address, and leaves what it loads on demand", () => {
    expect(chunkImports(modules['/_astro/Host.B2.js'] ?? '', '/_astro/Host.B2.js')).toEqual([
      '/_astro/react.E5.js',
      '/_astro/kit.F6.js',
    ]);
    expect(chunkImports(modules['/_astro/kit.F6.js'] ?? '', '/_astro/kit.F6.js')).toEqual([]);
    expect(chunkImports(modules['/_astro/nested/form.H8.js'] ?? '', '/_astro/nested/form.H8.js')).toEqual([
      '/_astro/react.E5.js',
    ]);
  });

  it('follows every static import from every page to the end, and lists each file once', () => {
    const read = (url: string) => modules[url];
    expect(precacheAssets([page, page.replace('app.A1.css', 'app-id.A9.css')], read)).toEqual([
      '/_astro/Host.B2.js',
      '/_astro/app-id.A9.css',
      '/_astro/app.A1.css',
      '/_astro/client.D4.js',
      '/_astro/kit.F6.js',
      '/_astro/page.C3.js',
      '/_astro/react.E5.js',
    ]);
    expect(chunkImports(modules['/_astro/Dialog.G7.js'] ?? '', '/_astro/Dialog.G7.js')).toEqual([
      '/_astro/nested/form.H8.js',
    ]);
  });

  it('fails when a page names a module the build does not have (the page would break offline)', () => {
    expect(() =>
      precacheAssets([page], (url) => (url === '/_astro/client.D4.js' ? undefined : modules[url])),
    ).toThrow('/_astro/client.D4.js');
  });
});
