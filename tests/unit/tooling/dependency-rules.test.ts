import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)('../../../.dependency-cruiser.cjs') as {
  forbidden: unknown[];
};

/** A small tree shaped like ours, with one import of each kind the rules refuse. */
const tree: Record<string, string> = {
  'src/domain/fee.ts': "import { app } from '../server/http/app.ts';\nexport const fee = app;\n",
  'src/server/http/app.ts': 'export const app = 1;\n',
  'src/server/use-cases/pay.ts': "import { app } from '../http/app.ts';\nexport const pay = app;\n",
  'src/server/use-cases/typed.ts':
    "import type { App } from '../http/types.ts';\nexport const typed: App = 1;\n",
  'src/server/http/types.ts': 'export type App = number;\n',
  'src/server/use-cases/register.ts':
    "import { hashPassword } from '../auth/passwords.ts';\nexport const register = hashPassword;\n",
  'src/server/auth/passwords.ts': 'export const hashPassword = 1;\n',
  'src/server/services/a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
  'src/server/services/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
  'src/stores/session.ts': "import { x } from '../islands/x.ts';\nexport const s = x;\n",
  'src/islands/x.ts': 'export const x = 1;\n',
};

/** `npm run lint:deps`'s rules (.dependency-cruiser.cjs) on that tree: each bad import is named, a type is not. */
describe('the dependency rules', () => {
  const base = mkdtempSync(join(tmpdir(), 'deps-'));
  for (const [path, source] of Object.entries(tree)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), source);
  }
  afterAll(() => {
    rmSync(base, { recursive: true, force: true });
  });

  it('refuse an import that runs up a layer or closes a cycle', async () => {
    const result = await cruise(
      ['src'],
      {
        baseDir: base,
        validate: true,
        ruleSet: { forbidden: config.forbidden },
        tsPreCompilationDeps: true,
      } as Parameters<typeof cruise>[1],
      { extensions: ['.ts'] },
    );
    const output = result.output as {
      summary: { violations: { rule: { name: string }; from: string; to: string }[] };
    };
    const found = output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
    expect(found).toEqual(
      [
        'domain-is-pure: src/domain/fee.ts -> src/server/http/app.ts',
        'no-cycle: src/server/services/a.ts -> src/server/services/b.ts',
        'stores-below-islands: src/stores/session.ts -> src/islands/x.ts',
        'use-cases-below-adapters: src/server/use-cases/pay.ts -> src/server/http/app.ts',
        'use-cases-below-adapters: src/server/use-cases/register.ts -> src/server/auth/passwords.ts',
      ].sort(),
    );
  });
});
