import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Issue 31: a page's frontmatter is imports, its call into the server half beside it (`_name.ts`) and little else. */
const MAX_LINES = 20;
const pagesDir = join(import.meta.dirname, '../../../src/pages');

/** The lines between a file's first two `---` fences, every one counted (imports, comments, code); 0 without. */
function frontmatterLines(source: string): number {
  const lines = source.split(/\r?\n/);
  const open = lines.findIndex((line) => line.trimEnd() === '---');
  if (open === -1) return 0;
  const close = lines.findIndex((line, index) => index > open && line.trimEnd() === '---');
  return (close === -1 ? lines.length : close) - open - 1;
}

const pages = readdirSync(pagesDir, { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.astro'))
  .map((entry) => relative(pagesDir, join(entry.parentPath, entry.name)))
  .sort();

describe('page frontmatter', () => {
  it('counts the lines between the fences, and finds the pages', () => {
    expect(frontmatterLines('---\nconst a = 1;\n\n// why\n---\n<p>{a}</p>\n')).toBe(3);
    expect(frontmatterLines('<p>no frontmatter</p>\n')).toBe(0);
    expect(pages.length).toBeGreaterThan(30);
  });

  it(`keeps every page's frontmatter within ${String(MAX_LINES)} lines (its server work goes in _name.ts)`, () => {
    const over = pages
      .map((page) => ({ page, lines: frontmatterLines(readFileSync(join(pagesDir, page), 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ page, lines }) => `src/pages/${page}: ${String(lines)} lines`);
    expect(over).toEqual([]);
  });
});
