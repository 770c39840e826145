import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formToInput } from '../../../src/schemas/form-to-input.ts';
import type { Database } from '../../../src/server/db/client.ts';
import { createApp } from '../../../src/server/http/app.ts';
import { apiContracts } from '../../../src/server/http/contracts.ts';
import { useCases } from '../../../src/server/use-cases/registry.ts';
import { examples } from '../../fuzz/support/examples.ts';
import { testDeps } from '../../support/app.ts';

/**
 * A JSON body as a browser's plain form posts the same fields: nested names joined by dots, a list of objects in
 * numbered rows, a list of values repeated, a list of positions as ticked boxes, a true box as `on`.
 */
function asPlainForm(body: unknown, form = new URLSearchParams(), prefix = ''): URLSearchParams {
  if (Array.isArray(body)) {
    body.forEach((item: unknown, row) => {
      if (typeof item === 'number') form.append(`${prefix}.${String(item)}`, 'on');
      else if (typeof item === 'string') form.append(prefix, item);
      else asPlainForm(item, form, `${prefix}.${String(row)}`);
    });
  } else if (typeof body === 'object' && body !== null) {
    for (const [name, value] of Object.entries(body))
      asPlainForm(value, form, prefix ? `${prefix}.${name}` : name);
  } else if (body === true) form.append(prefix, 'on');
  else if (typeof body === 'string' || typeof body === 'number') form.append(prefix, String(body));
  return form;
}

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
  it('mounts a route for every registered use case, with its contract and a form door', () => {
    // Mounting reads no database: the routes are listed before any request.
    const app = createApp(testDeps(null as unknown as Database));
    const mounted = new Set(app.routes.map((r) => `${r.method} ${r.path}`));
    for (const useCase of useCases) {
      expect(useCase.route, `${useCase.name} has no route`).toBeDefined();
      // A use case no page's form can call says why instead (a gate device's, one answering a script's token).
      expect(useCase.form ?? useCase.formless, `${useCase.name} has no form door`).toBeDefined();
      const route = useCase.route;
      if (!route) continue;
      const key = `${route.method} /api${route.path}`;
      expect(mounted, `${useCase.name}'s route is not mounted`).toContain(key);
      const contract = apiContracts[key];
      expect(contract, `${useCase.name} has no contract`).toBeDefined();
      if (!route.picture)
        expect(contract?.body, `${useCase.name}'s contract reads its schema`).toBe(useCase.input);
      expect(contract?.refusals).toEqual(expect.arrayContaining([400, ...useCase.refusals]));
    }
  });

  it("reads each use case's plain form as its JSON body: the same input from both doors", () => {
    let compared = 0;
    for (const useCase of useCases) {
      const example = useCase.route && examples[`${useCase.route.method} /api${useCase.route.path}`];
      if (example === undefined) continue;
      const fromJson = useCase.input.safeParse(example);
      const fromForm = useCase.input.safeParse(formToInput(useCase.input, asPlainForm(example)));
      expect(fromJson.success, `${useCase.name}'s example`).toBe(true);
      expect(fromForm.data, `${useCase.name}'s form`).toEqual(fromJson.data);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(10);
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
    const doors = [...files('src/server/http'), ...files('src/server/views'), ...files('src/pages')].filter(
      (file) => !file.endsWith('use-case-context.ts'),
    );
    const restated = [
      /mailQueued/,
      /logInBrowserAs\(/,
      /logInWithPassword\(/,
      /clearSession\(/,
      /writeSession\(/,
      /endSession\(/,
      /endFamily\(/,
      /\.set\(\s*HOLD_COOKIE/,
      /setCookie\([^)]*HOLD_COOKIE/,
      /cookieWithGrant\(/,
      /\.(keepGrant|keepHold|logIn|logOut)\(/,
    ];
    for (const file of doors) {
      const source = readFileSync(file, 'utf8');
      for (const effect of restated) expect(source, `${file} restates ${String(effect)}`).not.toMatch(effect);
    }
  });
});
