import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const srcDir = join(import.meta.dirname, '../../../src');
const read = (path: string) => readFileSync(join(srcDir, path), 'utf8');
const appCss = read('styles/app.css');
const globalCss = read('styles/global.css');

/** `@source '../islands'` -> `islands`. Paths are relative to src/styles. */
function sources(css: string, negated: boolean): string[] {
  const pattern = negated ? /@source not '\.\.\/([^']+)'/g : /@source '\.\.\/([^']+)'/g;
  return [...css.matchAll(pattern)].map((match) => match[1] ?? '');
}

function inApp(path: string): boolean {
  return sources(appCss, false).some((source) => path === source || path.startsWith(`${source}/`));
}

/** `.astro` files whose classes global.css generates (everything outside the app's folders). */
function contentSources(): string[] {
  return readdirSync(srcDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.astro'))
    .map((entry) => relative(srcDir, join(entry.parentPath, entry.name)))
    .filter((path) => !inApp(path))
    .map(read);
}

describe('app.css and global.css', () => {
  it('split the folders: global.css skips exactly what app.css scans, and the code that holds no markup', () => {
    expect(sources(appCss, false).length).toBeGreaterThan(0);
    const code = ['server', 'domain', 'schemas'];
    expect(sources(globalCss, true)).toEqual([...sources(appCss, false), ...code]);
  });

  // `../pages/*/booking` matched no file in Tailwind's Vite plugin (the glob and the `[...locale]` folder's
  // brackets), so the booking pages' own classes were generated nowhere: name each folder as it is on disk.
  it('app.css names real folders, literally', () => {
    for (const source of sources(appCss, false)) {
      expect(source).not.toContain('*');
      expect(existsSync(join(srcDir, source)), source).toBe(true);
    }
  });

  it('app.css leaves out only daisyUI classes that global.css still generates from content pages', () => {
    const excluded = /@source not inline\('([^']+)'\)/.exec(appCss)?.[1]?.split(/\s+/) ?? [];
    expect(excluded.length).toBeGreaterThan(0);
    const pages = contentSources().join('\n');
    for (const name of excluded) expect(pages, name).toMatch(new RegExp(`[\\s"'{]${name}[\\s"'}]`));
  });
});

describe('the markup', () => {
  it('names no daisyUI component the theme leaves out: `link` would render as plain text (use `text-link`)', () => {
    const markup = readdirSync(srcDir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.(astro|tsx)$/.test(entry.name))
      .map((entry) => ({
        path: relative(srcDir, join(entry.parentPath, entry.name)),
        text: read(relative(srcDir, join(entry.parentPath, entry.name))),
      }));
    const plainLinks = markup.filter(({ text }) => /class(Name)?="(?:[^"]*\s)?link(?:\s[^"]*)?"/.test(text));
    expect(plainLinks.map(({ path }) => path)).toEqual([]);
  });
});
