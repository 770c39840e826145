import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiContracts } from '../../../src/server/http/contracts.ts';
import { useCases } from '../../../src/server/use-cases/registry.ts';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * The declaration is the one home of a use case's doors (use-cases/use-case.ts): each registered use case has its
 * route with a contract the fuzz suite reads, and its form door; and no door says again what the use case does
 * after it runs (wake the mail job, log a browser in or out, keep a hold or a grant in a cookie).
 */
describe('the use-case registry', () => {
  it('gives every registered use case a route, its contract and a form door', () => {
    for (const useCase of useCases) {
      expect(useCase.route, `${useCase.name} has no route`).toBeDefined();
      expect(useCase.form, `${useCase.name} has no form door`).toBeDefined();
      const route = useCase.route;
      if (!route) continue;
      const contract = apiContracts[`${route.method} /api${route.path}`];
      expect(contract, `${useCase.name} has no contract`).toBeDefined();
      if (!route.picture)
        expect(contract?.body, `${useCase.name}'s contract reads its schema`).toBe(useCase.input);
      expect(contract?.refusals).toEqual(expect.arrayContaining([400, ...useCase.refusals]));
    }
  });

  it('names each use case and route once', () => {
    const names = useCases.map((useCase) => useCase.name);
    expect(new Set(names).size).toBe(names.length);
    const routes = useCases.map(
      (useCase) => `${String(useCase.route?.method)} ${String(useCase.route?.path)}`,
    );
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('declares every use-case file that has a door, and registers every declaration', () => {
    const declared = files('src/server/use-cases').filter((file) =>
      readFileSync(file, 'utf8').includes('defineUseCase({'),
    );
    const registry = readFileSync('src/server/use-cases/registry.ts', 'utf8');
    for (const file of declared)
      expect(registry, `${file} declares a use case the registry does not list`).toContain(
        `./${file.split('/').at(-1) ?? ''}'`,
      );
    expect(useCases.length).toBeGreaterThanOrEqual(declared.length);
  });

  it('leaves the side effects of use cases to the context: no door restates them', () => {
    // Who may do what: the context's builders (http/use-case-context.ts, auth/browser-effects.ts) and the jobs.
    const doors = [...files('src/server/http'), ...files('src/server/pages'), ...files('src/pages')].filter(
      (file) => !file.endsWith('use-case-context.ts'),
    );
    const restated = [
      /mailQueued/,
      /logInBrowserAs\(/,
      /clearSession\(/,
      /\.set\(\s*HOLD_COOKIE/,
      /setCookie\([^)]*HOLD_COOKIE/,
      /cookieWithGrant\(/,
    ];
    for (const file of doors) {
      const source = readFileSync(file, 'utf8');
      for (const effect of restated) expect(source, `${file} restates ${String(effect)}`).not.toMatch(effect);
    }
  });
});
