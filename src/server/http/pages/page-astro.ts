import type { AstroGlobal } from 'astro';

/**
 * What a page's server half (the `_name.ts` module beside its `.astro` file) reads of Astro's page object. The page
 * hands over `Astro` itself, never a copy: its request and socket address are getters that a spread would drop.
 * `Astro.rewrite` stays in the page (a server half returns `undefined` for "no such thing", the page rewrites to 404).
 */
export type PageAstro = Pick<
  AstroGlobal,
  'request' | 'url' | 'params' | 'locals' | 'cookies' | 'response' | 'clientAddress' | 'redirect' | 'csp'
>;
