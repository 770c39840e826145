// The import graph of the repository's own files, for scripts/count-hops.ts (what it counts is written there).
// Imports are read with the TypeScript parser: `import` / `export ... from` (type-only when `import type`, or when
// every named binding is `type`), dynamic `import('...')`, `import('...')` types, and Vite's `import.meta.glob`.
// An .astro file is read as its frontmatter plus the bodies of its <script> tags. Relative specifiers (and Vite's
// root-relative `/src/...`) resolve to files: `x.js` to `x.ts`, no extension to `x.ts`, `x.tsx`, `x/index.ts`...;
// `?url` and such are dropped. Packages, `node:` and `astro:` modules are left out, and so are assets (CSS, JSON).
import { readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import ts from 'typescript';

/** What a graph is built from: the repository's files by path relative to its root (`src/a.ts`). */
export interface SourceHost {
  files: ReadonlySet<string>;
  read: (file: string) => string;
}

/** An import of one file by another; `typeOnly` when every import between the two is type-only. */
export interface Edge {
  to: string;
  typeOnly: boolean;
}
export type Graph = ReadonlyMap<string, readonly Edge[]>;

export interface Built {
  graph: Graph;
  /** Relative specifiers that name no file, as `from -> specifier`: each is a file the counts may miss. */
  unresolved: string[];
}

interface Specifier {
  text: string;
  typeOnly: boolean;
  glob: boolean;
}

const codeFile = /\.(ts|tsx|mts|cts|astro|js|jsx|mjs|cjs)$/;
const toTypeScript: Record<string, string[]> = {
  '.js': ['.ts', '.tsx'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
};
const bareSuffixes = ['.ts', '.tsx', '.mts', '.astro', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];
const skippedFolders = new Set([
  'node_modules',
  'dist',
  'data',
  'coverage',
  'test-results',
  'playwright-report',
]);

/** The files under `root` (dot folders, node_modules and build output left out), read from disk. */
export function diskHost(root: string): SourceHost {
  const files = new Set<string>();
  const walk = (folder: string): void => {
    for (const entry of readdirSync(posix.join(root, folder), { withFileTypes: true })) {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !skippedFolders.has(entry.name)) walk(path);
      } else if (entry.isFile()) files.add(path);
    }
  };
  walk('');
  return { files, read: (file) => readFileSync(posix.join(root, file), 'utf8') };
}

/** The TypeScript a file runs: an .astro file's frontmatter and <script> bodies, any other file whole. */
function scriptsOf(file: string, source: string): string[] {
  if (!file.endsWith('.astro')) return [source];
  const frontmatter = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(source);
  const template = frontmatter ? source.slice(frontmatter[0].length) : source;
  const scripts = [...template.matchAll(/<script\b[^>]*?(?<!\/)>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1],
  );
  return [frontmatter?.[1] ?? '', ...scripts].filter((script): script is string => Boolean(script?.trim()));
}

function stringOf(node: ts.Node | undefined): string | undefined {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    ? node.text
    : undefined;
}

function allTypes(elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>): boolean {
  return elements.length > 0 && elements.every((element) => element.isTypeOnly);
}

function isImportMetaGlob(node: ts.CallExpression): boolean {
  const callee = node.expression;
  return (
    ts.isPropertyAccessExpression(callee) &&
    callee.name.text === 'glob' &&
    ts.isMetaProperty(callee.expression) &&
    callee.expression.keywordToken === ts.SyntaxKind.ImportKeyword
  );
}

/** Every module specifier a file names, with whether it is type-only and whether it is a glob. */
export function specifiersOf(file: string, source: string): Specifier[] {
  const found: Specifier[] = [];
  const add = (text: string | undefined, typeOnly: boolean, glob = false): void => {
    if (text !== undefined) found.push({ text, typeOnly, glob });
  };
  const kind = /\.(tsx|jsx)$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typeOnly =
        clause !== undefined &&
        (clause.phaseModifier === ts.SyntaxKind.TypeKeyword ||
          (!clause.name &&
            bindings !== undefined &&
            ts.isNamedImports(bindings) &&
            allTypes(bindings.elements)));
      add(stringOf(node.moduleSpecifier), typeOnly);
    } else if (ts.isExportDeclaration(node)) {
      const clause = node.exportClause;
      const typeOnly =
        node.isTypeOnly || (clause !== undefined && ts.isNamedExports(clause) && allTypes(clause.elements));
      add(stringOf(node.moduleSpecifier), typeOnly);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(stringOf(node.moduleReference.expression), node.isTypeOnly);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(stringOf(node.argument.literal), true);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(stringOf(node.arguments[0]), false);
    } else if (ts.isCallExpression(node) && isImportMetaGlob(node)) {
      const [patterns] = node.arguments;
      const texts = patterns && ts.isArrayLiteralExpression(patterns) ? [...patterns.elements] : [patterns];
      for (const text of texts) add(stringOf(text), false, true);
    }
    ts.forEachChild(node, visit);
  };
  for (const script of scriptsOf(file, source)) {
    visit(ts.createSourceFile(file, script, ts.ScriptTarget.Latest, false, kind));
  }
  return found;
}

/** Where a relative or root-relative specifier points, before any extension is tried; undefined for a package. */
function pathOf(from: string, specifier: string): string | undefined {
  const path = specifier.replace(/[?#].*$/, '');
  if (path.startsWith('./') || path.startsWith('../'))
    return posix.normalize(posix.join(posix.dirname(from), path));
  if (path.startsWith('/')) return posix.normalize(path.slice(1));
  return undefined;
}

/** The file a path names: itself, its TypeScript twin (`.js` -> `.ts`), or with an extension or `/index` added. */
function fileAt(path: string, host: SourceHost): string | undefined {
  const extension = posix.extname(path);
  for (const twin of toTypeScript[extension] ?? []) {
    const candidate = path.slice(0, -extension.length) + twin;
    if (host.files.has(candidate) && !host.files.has(path)) return candidate;
  }
  if (host.files.has(path)) return path;
  return bareSuffixes.map((suffix) => path + suffix).find((candidate) => host.files.has(candidate));
}

/** A Vite glob (`*`, `**`, `{a,b}`) as a regular expression over paths from the root. */
function globPattern(glob: string): RegExp {
  let pattern = '';
  for (let i = 0; i < glob.length; i += 1) {
    const char = glob.charAt(i);
    if (glob.startsWith('**/', i)) {
      pattern += '(?:.*/)?';
      i += 2;
    } else if (glob.startsWith('**', i)) {
      pattern += '.*';
      i += 1;
    } else if (char === '*') pattern += '[^/]*';
    else if (char === '?') pattern += '[^/]';
    else if (char === '{') pattern += '(?:';
    else if (char === '}') pattern += ')';
    else if (char === ',') pattern += '|';
    else pattern += char.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${pattern}$`);
}

/**
 * The graph of every file reachable from `roots`. A file that `excluded` names is neither read nor kept as an
 * import: the counts go around it, not through it.
 */
export function buildGraph(
  roots: readonly string[],
  host: SourceHost,
  excluded: (file: string) => boolean,
): Built {
  const graph = new Map<string, Edge[]>();
  const unresolved: string[] = [];
  const queue = roots.filter((root) => !excluded(root));
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (graph.has(file)) continue;
    const edges = new Map<string, boolean>();
    const link = (to: string, typeOnly: boolean): void => {
      if (excluded(to) || to === file) return;
      edges.set(to, (edges.get(to) ?? true) && typeOnly);
    };
    const specifiers = specifiersOf(file, host.read(file));
    // A negated pattern (`!…`) applies to every glob of the file.
    const negated = specifiers.filter((s) => s.glob && s.text.startsWith('!'));
    for (const specifier of specifiers) {
      if (specifier.glob) {
        if (specifier.text.startsWith('!')) continue;
        const wanted = globPattern(pathOf(file, specifier.text) ?? specifier.text);
        const unwanted = negated.map((s) => globPattern(pathOf(file, s.text.slice(1)) ?? s.text.slice(1)));
        for (const match of host.files) {
          if (codeFile.test(match) && wanted.test(match) && !unwanted.some((not) => not.test(match))) {
            link(match, specifier.typeOnly);
          }
        }
        continue;
      }
      const path = pathOf(file, specifier.text);
      if (path === undefined || excluded(path)) continue;
      const target = fileAt(path, host);
      if (target === undefined) unresolved.push(`${file} -> ${specifier.text}`);
      else if (codeFile.test(target)) link(target, specifier.typeOnly);
    }
    graph.set(
      file,
      [...edges].map(([to, typeOnly]) => ({ to, typeOnly })),
    );
    queue.push(...edges.keys());
  }
  return { graph, unresolved };
}

function importsOf(graph: Graph, file: string, withTypes: boolean): string[] {
  return (graph.get(file) ?? []).filter((edge) => withTypes || !edge.typeOnly).map((edge) => edge.to);
}

/** The files reachable from `start` (itself included). */
export function closure(graph: Graph, start: string, withTypes: boolean): Set<string> {
  const seen = new Set([start]);
  for (const file of seen) for (const to of importsOf(graph, file, withTypes)) seen.add(to);
  return seen;
}

/** The shortest chain of imports from `entry` to `target` (both included), or undefined when none leads there. */
export function shortestPath(
  graph: Graph,
  entry: string,
  target: string,
  withTypes: boolean,
): string[] | undefined {
  const previous = new Map<string, string | undefined>([[entry, undefined]]);
  for (const file of previous.keys()) {
    if (file === target) break;
    for (const to of importsOf(graph, file, withTypes)) if (!previous.has(to)) previous.set(to, file);
  }
  if (!previous.has(target)) return undefined;
  const path: string[] = [];
  for (let file: string | undefined = target; file !== undefined; file = previous.get(file))
    path.unshift(file);
  return path;
}

/**
 * The files a reader goes through from `entry` to `target`: those on some import path between them (reachable
 * from the entry and reaching the target), and the target's own imports, all the way down. Empty when the entry
 * does not reach the target.
 */
export function touchedFiles(graph: Graph, entry: string, target: string, withTypes: boolean): Set<string> {
  const reachable = closure(graph, entry, withTypes);
  if (!reachable.has(target)) return new Set();
  const importers = new Map<string, string[]>();
  for (const file of reachable) {
    for (const to of importsOf(graph, file, withTypes))
      importers.set(to, [...(importers.get(to) ?? []), file]);
  }
  const reachesTarget = new Set([target]);
  for (const file of reachesTarget) for (const from of importers.get(file) ?? []) reachesTarget.add(from);
  return new Set([...reachesTarget, ...closure(graph, target, withTypes)]);
}
