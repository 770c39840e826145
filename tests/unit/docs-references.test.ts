import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments and docs point only at files a clone has. The product was specified in documents that live beside the
 * repository, not in it (the product rules, the architecture notes, the toolchain and domain facts, the original
 * specification and its numbered sections): a clone has none of them, so the rules are in docs/product-rules.md,
 * docs/architecture.md and the code, and a comment says the fact or names the file that holds it. The database's
 * sample data (db/seed.ts, `npm run db:setup`), fuzz seeds and key seeds are another "seed" and pass.
 */
const root = join(import.meta.dirname, '../..');
const rootFiles = readdirSync(root).filter((name) =>
  /\.config\.[cm]?[jt]s$|^\.env\.example$|^package\.json$/.test(name),
);
const scanned = ['src', 'tests', 'scripts', 'docs', '.ci', 'README.md', 'CONTRIBUTING.md', ...rootFiles];
const skippedFolders = new Set(['node_modules', 'paraglide']);
const textFile = /\.(?:ts|tsx|mts|js|mjs|cjs|astro|css|md|json|html|txt|yml|yaml|sh)$|^run$/;

const outside: { pattern: RegExp; says: string }[] = [
  {
    pattern: /\b(?:PRODUCT|ARCHITECTURE|TOOLCHAIN)\.md\b|\bDOMAIN-FACTS\b/,
    says: 'a document outside the repository',
  },
  { pattern: /\/work\/shared\b/, says: 'a folder outside the repository' },
  {
    pattern: /\bseed\s+(?:section|specification)\b|\b(?:original|the)\s+specification\b/i,
    says: 'the original specification',
  },
  { pattern: /\bseed's\b|\(the\s+seed:|\(seed:\s+\w+\s+\w/i, says: 'the original specification' },
  {
    pattern: /\b(?:of|by)\s+the\s+seed\b(?!\s+step)|\bthe\s+seed\s+(?:describes|as\s+written|wording)\b/i,
    says: 'the original specification',
  },
];

/** A relative path to a `shared` folder: fine when it names one the repository has (islands/shared), else outside. */
const sharedPath = /(?:\.\.\/)+shared\b[\w./-]*/g;

/** What a line of `file` points at outside the repository, one finding per reason. */
function findings(file: string, line: string): string[] {
  const found = outside.filter(({ pattern }) => pattern.test(line)).map(({ says }) => says);
  for (const [path] of line.matchAll(sharedPath)) {
    const target = resolve(root, dirname(file), path.replace(/[.,;:)]+$/, ''));
    if (relative(root, target).startsWith('..') || !existsSync(target))
      found.push(`a path outside the repository (${path})`);
  }
  return [...new Set(found)];
}

function filesUnder(path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [path];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && textFile.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !file.split('/').some((part) => skippedFolders.has(part)));
}

/** This file is left out: its samples say what it looks for. */
const self = relative(root, import.meta.filename);
const files = scanned
  .flatMap(filesUnder)
  .filter((file) => file !== self)
  .sort();

describe('references in comments and docs', () => {
  it("catches what points outside, and lets the database seed and the repository's own shared folder be", () => {
    const outsideNames = ['PRODUCT', 'ARCHITECTURE', 'TOOLCHAIN'].map((name) => `${name}.md`);
    for (const name of outsideNames) expect(findings('src/a.ts', `// (${name} section 5)`)).not.toEqual([]);
    expect(findings('src/a.ts', '// Bank-shaped numbers (DOMAIN-FACTS)')).not.toEqual([]);
    expect(findings('src/a.ts', '/** Timeouts of the seed specification (section 9). */')).not.toEqual([]);
    expect(findings('src/a.ts', " * The session (seed section 3) and the seed's breakpoints")).not.toEqual(
      [],
    );
    expect(findings('src/a.ts', '/* Breakpoints of the seed. */')).not.toEqual([]);
    expect(
      findings('src/a.ts', ' * today as the last travel date (seed: expiry at least 6 months)'),
    ).not.toEqual([]);
    expect(findings('docs/a.md', '| email | one spelling; the specification writes "Email" |')).not.toEqual(
      [],
    );
    expect(findings('docs/a.md', 'see [the rules](../../shared/PRODUCT-RULES.txt)')).not.toEqual([]);
    expect(findings('README.md', 'the rules: ../shared/')).not.toEqual([]);
    expect(findings('src/islands/search-form/a.tsx', "import { Field } from '../shared/Field.tsx';")).toEqual(
      [],
    );
    for (const line of [
      "import { extendSailings } from '../../src/server/db/seed.ts';",
      'npm start          # build, migrate and seed the embedded database (data/pglite)',
      '`FUZZ_SEED=<seed>` replays a run; it(`keeps every promise (seed ${String(seed)})`',
      'An Ed25519 private key from base64url of its 32-byte seed; the seed step writes the tariffs',
      'export function privateKeyFromSeed(seed: string): KeyObject {',
      'read by Astro pages and by the seed step; the seed writes it to the database (the seed loads it)',
    ])
      expect(findings('src/a.ts', line)).toEqual([]);
  });

  it('finds the files it reads', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files).toContain('README.md');
    expect(files).toContain('docs/architecture.md');
    expect(files).toContain('eslint.config.js');
  });

  it('points only at files a clone has (docs/product-rules.md holds the product rules)', () => {
    const hits = files.flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          findings(file, line).map((says) => `${file}:${String(index + 1)}: ${says}: ${line.trim()}`),
        ),
    );
    expect(hits).toEqual([]);
  });
});
