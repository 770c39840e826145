// Bundles src/service-worker/sw.ts with workbox into dist/client/sw.js, minified, with its precache list written
// in: the two My trips pages (content hash as revision), every /_astro/ file they load (hashed names: no
// revision), the icons and the manifests. Runs after `astro build` and scripts/build-icons.ts, before
// scripts/precompress.ts (which compresses sw.js with the rest).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { appIcons, appleTouchIcon } from '../src/app-icons.ts';
import { locales, localizePath } from '../src/i18n/locales.ts';
import { precacheAssets } from './precache-list.ts';

const client = new URL('../dist/client/', import.meta.url).pathname;
const fileOf = (url: string) => `${client}${url.slice(1)}${url.includes('.') ? '' : '.html'}`;
const read = (url: string) => (existsSync(fileOf(url)) ? readFileSync(fileOf(url)) : undefined);
const revision = (data: Buffer) => createHash('sha256').update(data).digest('hex').slice(0, 16);

const pages = locales.map((locale) => localizePath('/my-trips', locale));
const pageHtml = pages.map((url) => {
  const html = read(url);
  // Without them the installed site would open on nothing offline: never ship such a build.
  if (!html) throw new Error(`build-service-worker: ${fileOf(url)} is missing; the offline pages need it`);
  return html.toString('utf8');
});
const assets = precacheAssets(pageHtml, (url) => read(url)?.toString('utf8'));
const unhashed = [
  ...pages,
  ...appIcons.map((icon) => icon.src),
  appleTouchIcon.src,
  '/favicon.svg',
  ...locales.map((locale) => localizePath('/manifest.webmanifest', locale)),
];
const manifest = [
  ...unhashed.map((url) => {
    const data = read(url);
    if (!data) throw new Error(`build-service-worker: ${fileOf(url)} is missing`);
    return { url, revision: revision(data) };
  }),
  ...assets.map((url) => ({ url, revision: null })),
];

await build({
  entryPoints: [new URL('../src/service-worker/sw.ts', import.meta.url).pathname],
  outfile: `${client}sw.js`,
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  // Workbox's development logging and assertions are dropped in production builds.
  define: { 'process.env.NODE_ENV': '"production"', 'self.__WB_MANIFEST': JSON.stringify(manifest) },
  logLevel: 'warning',
});

const files = manifest.map(({ url }) => read(url) ?? Buffer.alloc(0));
const bytes = files.reduce((sum, data) => sum + data.length, 0);
const gz = files.reduce((sum, data) => sum + gzipSync(data, { level: 9 }).length, 0);
const worker = readFileSync(`${client}sw.js`);
console.log(
  `service worker: sw.js ${String(worker.length)} B (${String(gzipSync(worker, { level: 9 }).length)} B gz); ` +
    `precache ${String(manifest.length)} files, ${String(bytes)} B (${String(gz)} B gz)`,
);
