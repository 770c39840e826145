/**
 * What the service worker keeps for offline use, derived from the built files (pure: text in, URLs out; the build
 * script reads the files). A page needs the `/_astro/` files its HTML names and, transitively, every chunk those
 * modules import statically. What they load by `import()` is left out: on the My trips pages that is only the login
 * dialog's code (reached from the notification host), which those pages do not show, and which was half the precache
 * (libphonenumber among it); an offline page that loads a chunk on demand must name it in its HTML.
 */

/** `/_astro/` files named by a page's scripts, stylesheets, module preloads and `<astro-island>` attributes. */
const PAGE_ASSET = /\s(?:src|href|component-url|renderer-url)="(\/_astro\/[^"?#]+)"/g;

/**
 * Relative specifiers of static imports, `from"./x.js"` and `import"./x.js"`, in any quote the minifier chose (not
 * `import("./x.js")`: the `(` stops it). Only `.js` names: the build's chunks all end so, and prose in a string
 * ("from './here'") then never matches.
 */
const CHUNK_IMPORT = /(?:\bfrom\s*|\bimport\s*)(["'`])(\.{1,2}\/[^"'`\s]+?\.js)\1/g;

export function pageAssets(html: string): string[] {
  return [...new Set([...html.matchAll(PAGE_ASSET)].map(([, url = '']) => url))];
}

/** The URLs a module at `moduleUrl` imports with relative specifiers, resolved against it. */
export function chunkImports(js: string, moduleUrl: string): string[] {
  const base = new URL(moduleUrl, 'https://site.invalid');
  const urls = [...js.matchAll(CHUNK_IMPORT)].map(
    ([, , specifier = '']) => new URL(specifier, base).pathname,
  );
  return [...new Set(urls)];
}

/**
 * Every asset the pages need: what their HTML names, and the import closure of each JavaScript module among them.
 * `readModule` returns a built module's text by URL (undefined when the build has no such file: an error, since the
 * page would then fail offline).
 */
export function precacheAssets(pages: readonly string[], readModule: (url: string) => string | undefined) {
  const found = new Set<string>();
  const visit = (url: string) => {
    if (found.has(url)) return;
    found.add(url);
    if (!url.endsWith('.js')) return;
    const js = readModule(url);
    if (js === undefined) throw new Error(`precache: ${url} is named but not in the build`);
    for (const imported of chunkImports(js, url)) visit(imported);
  };
  for (const html of pages) for (const url of pageAssets(html)) visit(url);
  return [...found].sort();
}
