import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CookieJar } from '../../src/server/auth/browser-session.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import type { AppDeps } from '../../src/server/deps.ts';
import { submitForm, type FormRefusal } from '../../src/server/http/form-post.ts';
import { register } from '../../src/server/use-cases/register.ts';
import { defineUseCase } from '../../src/server/use-cases/use-case.ts';
import type { Actor } from '../../src/server/use-cases/context.ts';
import { testDeps } from '../support/app.ts';
import { pglite } from '../support/databases.ts';

/** A browser's cookies as the pages read them. */
function jarWith(cookies: Record<string, string>): CookieJar {
  const kept = new Map(Object.entries(cookies));
  return {
    get: (name) => kept.get(name),
    set: (name, value) => kept.set(name, value),
    delete: (name) => kept.delete(name),
  };
}

const token = 'k'.repeat(43);
const post = (fields: Record<string, string>) =>
  new Request('http://localhost/my-account', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'http://localhost',
      Host: 'localhost',
    },
    body: new URLSearchParams(fields),
  });

describe("account pages' plain forms check the anti-forgery field", () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let deps: AppDeps;
  const seen: Actor[] = [];
  // The adapter is what is tested: a use case that only says who it ran for.
  const whoRuns = defineUseCase({
    name: 'who-runs',
    input: z.object({ name: z.string() }),
    run: (ctx: { actor: Actor }) => {
      seen.push(ctx.actor);
      return Promise.resolve();
    },
    form: { next: () => '/done' },
    refusals: [],
  });
  const holder: Actor = { kind: 'account', userId: '8d4f3f3e-6c43-4a4b-9a53-3f1f7f0f9b11' };

  beforeAll(async () => {
    ({ handle, drop } = await pglite.create());
    deps = testDeps(handle.db);
  });
  afterAll(() => drop());

  it('refuses a post without the browser token (403, what was typed kept), runs one with it', async () => {
    const page = { locals: { locale: 'en' as const }, csrf: jarWith({ segara_csrf: token }), actor: holder };
    const forged = (await submitForm(
      { ...page, request: post({ name: 'Ana' }) },
      whoRuns,
      {},
      deps,
    )) as FormRefusal;
    expect(forged.status).toBe(403);
    expect(forged.errors.form).toEqual([
      'This request did not come from our page. Reload the page and try again.',
    ]);
    expect(forged.form.get('name')).toBe('Ana');
    const stale = (await submitForm(
      { ...page, request: post({ name: 'Ana', csrf: 'x'.repeat(43) }) },
      whoRuns,
      {},
      deps,
    )) as FormRefusal;
    expect(stale.status).toBe(403);
    expect(seen).toEqual([]);
    const done = await submitForm(
      { ...page, request: post({ name: 'Ana', csrf: token }) },
      whoRuns,
      {},
      deps,
    );
    expect(done).toBeInstanceOf(Response);
    expect(seen).toEqual([holder]);
  });

  it("acts for the holder on a guest's form only with their token, and as a guest without it", async () => {
    seen.length = 0;
    const page = {
      locals: { locale: 'en' as const },
      holderIfCsrf: { actor: holder, jar: jarWith({ segara_csrf: token }) },
    };
    await submitForm({ ...page, request: post({ name: 'Ana' }) }, whoRuns, {}, deps);
    await submitForm({ ...page, request: post({ name: 'Ana', csrf: token }) }, whoRuns, {}, deps);
    expect(seen).toEqual([{ kind: 'guest' }, holder]);
  });

  it("ends a refused phone with its country's example, and takes any country text without failing", async () => {
    const signUp = (fields: Record<string, string>) =>
      submitForm(
        {
          locals: { locale: 'en' as const },
          request: post({ fullName: 'Ana', email: 'ana@example.com', ...fields }),
        },
        register,
        {},
        deps,
      ) as Promise<FormRefusal>;
    const singapore = await signUp({ phoneCountry: 'SG', phone: '812' });
    expect(singapore.status).toBe(400);
    expect(singapore.errors.phone?.at(-1)).toBe('For example: 8123 4567');
    const unpicked = await signUp({ phone: '0812' });
    expect(unpicked.errors.phone?.at(-1)).toMatch(/^For example: 0812[-\d ]+$/);
    for (const phoneCountry of ['constructor', '__proto__', 'XX']) {
      const odd = await signUp({ phoneCountry, phone: '0812 3456 7890' });
      expect(odd.status).toBe(400);
      expect(odd.errors.phone?.join(' ') ?? '').not.toMatch(/For example/);
    }
  });
});
