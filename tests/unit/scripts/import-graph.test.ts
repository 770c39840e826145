import { describe, expect, it } from 'vitest';
import {
  buildGraph,
  closure,
  shortestPath,
  specifiersOf,
  touchedFiles,
} from '../../../scripts/import-graph.ts';
import type { SourceHost } from '../../../scripts/import-graph.ts';

// A tiny repository: a page whose logic sits in `_page.ts`, an API door that mounts its routes with a glob, a use
// case whose context type names the app (a type-only cycle), and a domain file that the counts leave out.
const sources: Record<string, string> = {
  'src/pages/page.astro': [
    '---',
    "import Card from './Card.astro';",
    "import { submit } from './_page.ts';",
    "import type { View } from '../server/view.ts';",
    "import styles from '../styles/app.css?url';",
    '---',
    '<Card />',
    '<script is:inline set:html={x} />',
    "<script>import { follow } from '../scripts/follow.ts';</script>",
  ].join('\n'),
  'src/pages/Card.astro': '<p>card</p>',
  'src/pages/_page.ts':
    "import { cancel } from '../server/use-cases/cancel.ts';\nimport { later } from '../server/helper.js';",
  'src/pages/api/door.ts': "import { app } from '../../server/app.ts';",
  'src/server/app.ts': "export const routes = import.meta.glob(['./routes/*.ts', '!./routes/skip.ts']);",
  'src/server/routes/cancel.ts': "export { cancel } from '../use-cases/cancel.ts';",
  'src/server/routes/other.ts': "import '../other.ts';",
  'src/server/routes/skip.ts': "import '../use-cases/cancel.ts';",
  'src/server/other.ts': '',
  'src/server/view.ts': '',
  'src/server/helper.ts': "export const later = () => import('./use-cases/cancel.ts');",
  'src/server/use-cases/cancel.ts': [
    "import { sql } from 'drizzle-orm';",
    "import { rows } from '../db/rows.ts';",
    "import type { Context } from '../context.ts';",
    "import { fee } from '../../domain/fee.ts';",
  ].join('\n'),
  'src/server/db/rows.ts': "import { fee } from '../../domain/fee.ts';",
  'src/server/context.ts': "import { type App } from './app.ts';",
  'src/domain/fee.ts': "import { rows } from '../server/db/rows.ts';",
  'src/scripts/follow.ts': '',
  'src/styles/app.css': '',
};
const host: SourceHost = { files: new Set(Object.keys(sources)), read: (file) => sources[file] ?? '' };
const page = 'src/pages/page.astro';
const door = 'src/pages/api/door.ts';
const target = 'src/server/use-cases/cancel.ts';
const built = buildGraph([page, door, target], host, (file) => file.startsWith('src/domain/'));
const { graph } = built;

describe('import graph', () => {
  it('reads type-only imports as type-only, and the rest as runtime', () => {
    const source = [
      "import type { A } from './a.ts';",
      "import { type B, type C } from './b.ts';",
      "import D, { type E } from './d.ts';",
      "export type { F } from './f.ts';",
      "export * from './g.ts';",
      "let h: import('./h.ts').H;",
      "const i = await import('./i.ts');",
      "// import { j } from './j.ts';",
    ].join('\n');
    expect(specifiersOf('src/x.ts', source).map(({ text, typeOnly }) => [text, typeOnly])).toEqual([
      ['./a.ts', true],
      ['./b.ts', true],
      ['./d.ts', false],
      ['./f.ts', true],
      ['./g.ts', false],
      ['./h.ts', true],
      ['./i.ts', false],
    ]);
  });

  it("links an .astro file's frontmatter and script tags, `.js` to `.ts`, globs, and drops the left-out folder", () => {
    expect(graph.get(page)).toEqual([
      { to: 'src/pages/Card.astro', typeOnly: false },
      { to: 'src/pages/_page.ts', typeOnly: false },
      { to: 'src/server/view.ts', typeOnly: true },
      { to: 'src/scripts/follow.ts', typeOnly: false },
    ]);
    expect(graph.get('src/pages/_page.ts')?.map((edge) => edge.to)).toContain('src/server/helper.ts');
    expect(graph.get('src/server/app.ts')?.map((edge) => edge.to)).toEqual([
      'src/server/routes/cancel.ts',
      'src/server/routes/other.ts',
    ]);
    expect(graph.has('src/domain/fee.ts')).toBe(false);
    expect(built.unresolved).toEqual([]);
  });

  it('counts the files on the way from the page to the target, and what the target imports', () => {
    expect([...touchedFiles(graph, page, target, false)].sort()).toEqual([
      'src/pages/_page.ts',
      'src/pages/page.astro',
      'src/server/db/rows.ts',
      'src/server/helper.ts',
      'src/server/use-cases/cancel.ts',
    ]);
    expect(shortestPath(graph, page, target, false)).toEqual([page, 'src/pages/_page.ts', target]);
  });

  it('follows the JSON door through the routes its glob mounts', () => {
    expect([...touchedFiles(graph, door, target, false)].sort()).toEqual([
      'src/pages/api/door.ts',
      'src/server/app.ts',
      'src/server/db/rows.ts',
      'src/server/routes/cancel.ts',
      'src/server/use-cases/cancel.ts',
    ]);
    expect(shortestPath(graph, door, target, false)?.length).toBe(4);
  });

  it("takes in what the target's types lead to only when type imports count", () => {
    const withTypes = touchedFiles(graph, page, target, true);
    expect(closure(graph, target, false).has('src/server/app.ts')).toBe(false);
    expect(
      [...withTypes].filter((file) => !touchedFiles(graph, page, target, false).has(file)).sort(),
    ).toEqual([
      'src/server/app.ts',
      'src/server/context.ts',
      'src/server/other.ts',
      'src/server/routes/cancel.ts',
      'src/server/routes/other.ts',
    ]);
    expect(withTypes.has('src/server/view.ts')).toBe(false);
  });

  it('counts nothing, and no path, from an entry that does not reach the target', () => {
    expect(touchedFiles(graph, 'src/server/other.ts', target, true).size).toBe(0);
    expect(shortestPath(graph, 'src/server/other.ts', target, true)).toBeUndefined();
  });

  it('reports an import that names no file', () => {
    const lost: SourceHost = { files: new Set(['src/a.ts']), read: () => "import { b } from './b.ts';" };
    expect(buildGraph(['src/a.ts'], lost, () => false).unresolved).toEqual(['src/a.ts -> ./b.ts']);
  });
});
