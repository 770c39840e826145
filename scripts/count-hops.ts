// How many of the repository's own files a reader goes through to follow a feature from the door a request comes in
// by (its page, and the API's catch-all for the JSON routes) down to the code that does the work.
//
// Definition. The graph is the import graph of the repository's files (scripts/import-graph.ts: relative imports
// of .ts/.tsx/.astro, `.js` specifiers read as their `.ts` file, `import type` and dynamic `import('...')` included,
// an .astro file read as its frontmatter and <script> tags). Files under `excluded` (the pure domain, the locale
// helpers, the generated messages) and packages are left out: the counts go around them, not through them.
// - touched from an entry = the files on some import path from the entry to the target (reachable from the entry
//   and themselves reaching the target) together with the target's own import closure; nothing when the entry
//   does not reach the target;
// - union = touched from the page ∪ touched from the JSON door, and folders = the folders those files are in;
// - hops = the length of the shortest import path from the entry to the target (1: the entry imports it).
// Each is counted twice: with every import, and with runtime imports only (type-only imports dropped, so a file
// that only lends its types is not on the way).
//
// Usage: npm run hops [-- --list]   (--list prints the files and the shortest paths)
import { posix } from 'node:path';
import { buildGraph, diskHost, shortestPath, touchedFiles } from './import-graph.ts';
import type { Graph } from './import-graph.ts';

interface Feature {
  name: string;
  /** The page a person uses, and the file the JSON routes come in by. */
  page: string;
  json: string;
  /** Where the feature's work is done: the first of these files that exists. */
  target: string[];
}

const apiDoor = 'src/pages/api/[...path].ts';
const features: Feature[] = [
  {
    name: 'cancel a ticket',
    page: 'src/pages/[...locale]/booking/[id]/cancellation.astro',
    json: apiDoor,
    target: ['src/server/use-cases/cancel-tickets.ts'],
  },
  {
    name: 'sign up',
    page: 'src/pages/[...locale]/sign-up.astro',
    json: apiDoor,
    target: ['src/server/use-cases/register.ts'],
  },
  {
    // The results page (the home page's form and the plain GET form both land there); /schedule is the timetables.
    name: 'search',
    page: 'src/pages/[...locale]/booking/schedule.astro',
    json: apiDoor,
    target: ['src/server/use-cases/search-schedules.ts', 'src/server/services/search-schedules.ts'],
  },
];
const excluded = ['src/domain/', 'src/i18n/', 'src/paraglide/'];

interface Count {
  files: Set<string>;
  path: string[] | undefined;
}

interface Measure {
  page: Count;
  json: Count;
  union: Set<string>;
  folders: string[];
}

function measure(graph: Graph, feature: Feature, target: string, withTypes: boolean): Measure {
  const count = (entry: string): Count => ({
    files: touchedFiles(graph, entry, target, withTypes),
    path: shortestPath(graph, entry, target, withTypes),
  });
  const page = count(feature.page);
  const json = count(feature.json);
  const union = new Set([...page.files, ...json.files]);
  const folders = [...new Set([...union].map((file) => posix.dirname(file)))].sort();
  return { page, json, union, folders };
}

const root = posix.join(import.meta.dirname, '..');
const list = process.argv.includes('--list');
const host = diskHost(root);
const missing = (file: string): boolean => !host.files.has(file);

const problems: string[] = [];
const plans = features.flatMap((feature) => {
  const target = feature.target.find((file) => host.files.has(file));
  if (!target) problems.push(`${feature.name}: none of its targets exists (${feature.target.join(', ')})`);
  for (const entry of [feature.page, feature.json].filter(missing)) {
    problems.push(`${feature.name}: its entry ${entry} does not exist`);
  }
  return target && !missing(feature.page) && !missing(feature.json) ? [{ feature, target }] : [];
});
if (problems.length > 0) {
  console.error(`count-hops: update the feature table in scripts/count-hops.ts:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

const roots = plans.flatMap(({ feature, target }) => [feature.page, feature.json, target]);
const { graph, unresolved } = buildGraph(roots, host, (file) =>
  excluded.some((folder) => file.startsWith(folder)),
);
if (unresolved.length > 0) {
  console.error(
    `count-hops: ${unresolved.length} imports name no file (not counted):\n  ${unresolved.join('\n  ')}`,
  );
}

const hops = (count: Count): string => (count.path ? String(count.path.length - 1) : 'not reached');
const row = (label: string, all: string | number, runtime: string | number): string =>
  `  ${label.padEnd(18)}${String(all).padStart(12)}${String(runtime).padStart(14)}`;
const short = (file: string): string => file.replace(/^src\//, '');

console.log(
  `Files a reader goes through, per feature (${excluded.join(', ')} left out; see scripts/count-hops.ts)`,
);
for (const { feature, target } of plans) {
  const all = measure(graph, feature, target, true);
  const runtime = measure(graph, feature, target, false);
  console.log(`\n${feature.name} -> ${target}`);
  console.log(`    page: ${feature.page}\n    JSON: ${feature.json}`);
  console.log(row('', 'all imports', 'runtime only'));
  console.log(row('page files', all.page.files.size, runtime.page.files.size));
  console.log(row('page hops', hops(all.page), hops(runtime.page)));
  console.log(row('JSON door files', all.json.files.size, runtime.json.files.size));
  console.log(row('JSON door hops', hops(all.json), hops(runtime.json)));
  console.log(row('union files', all.union.size, runtime.union.size));
  console.log(row('union folders', all.folders.length, runtime.folders.length));
  console.log(`  folders: ${all.folders.map(short).join(', ')}`);
  const typeOnlyFolders = all.folders.filter((folder) => !runtime.folders.includes(folder));
  if (typeOnlyFolders.length > 0)
    console.log(`  (by type imports only: ${typeOnlyFolders.map(short).join(', ')})`);
  if (!list) continue;
  const chain = (count: Count): string => count.path?.map(short).join(' -> ') ?? 'none';
  for (const [name, key] of [
    ['page', 'page'],
    ['JSON door', 'json'],
  ] as const) {
    console.log(`  shortest path from the ${name}: ${chain(all[key])}`);
    if (chain(runtime[key]) !== chain(all[key]))
      console.log(`    runtime imports only: ${chain(runtime[key])}`);
  }
  const marks = (counted: Measure, file: string): string =>
    `${counted.page.files.has(file) ? 'P' : '.'}${counted.json.files.has(file) ? 'J' : '.'}`;
  console.log('  files, touched with all imports | runtime only (P: from the page, J: from the JSON door):');
  for (const file of [...all.union].sort())
    console.log(`    ${marks(all, file)} | ${marks(runtime, file)}  ${file}`);
}
