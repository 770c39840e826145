import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CookieJar } from '../../src/server/auth/browser-session.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { avatars } from '../../src/server/db/schema/accounts.ts';
import type { AppDeps } from '../../src/server/deps.ts';
import { submitForm, type FormRefusal } from '../../src/server/http/form-post.ts';
import { removeAvatar } from '../../src/server/use-cases/remove-avatar.ts';
import { setAvatar } from '../../src/server/use-cases/set-avatar.ts';
import type { AnyUseCase } from '../../src/server/use-cases/use-case.ts';
import { confirmedAccount } from '../factories/accounts.ts';
import { testDeps } from '../support/app.ts';
import { pglite } from '../support/databases.ts';

const token = 'p'.repeat(43);
const jar: CookieJar = {
  get: (name) => (name === 'segara_csrf' ? token : undefined),
  set: () => undefined,
  delete: () => undefined,
};

/** My account's picture form as a browser without JavaScript posts it (multipart, to `?picture` or `?picture-remove`). */
function post(fields: Record<string, string>, file?: Uint8Array, path = '/id/my-account', mark = 'picture') {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('image', new Blob(file ? [new Uint8Array(file)] : []), file ? 'photo.jpg' : '');
  return new Request(`http://localhost${path}?${mark}`, {
    method: 'POST',
    headers: { Origin: 'http://localhost', Host: 'localhost' },
    body: form,
  });
}

describe("My account's picture form without JavaScript", () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let deps: AppDeps;
  let page: (request: Request) => Parameters<typeof submitForm>[0];

  beforeAll(async () => {
    ({ handle, drop } = await pglite.create());
    deps = testDeps(handle.db);
    const { id } = await confirmedAccount(handle.db, { email: 'wulan@example.com' });
    page = (request) => ({
      request,
      locals: { locale: 'id' },
      csrf: jar,
      actor: { kind: 'account', userId: id },
    });
  });
  afterAll(() => drop());

  const submit = (request: Request, useCase: AnyUseCase = setAvatar) =>
    submitForm(page(request), useCase, {}, deps);

  it('saves the middle square of the whole file and says so on My account', async () => {
    const photo = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#0a0' } })
      .jpeg()
      .toBuffer();
    const saved = (await submit(post({ csrf: token }, photo))) as Response;
    expect(saved.status).toBe(303);
    expect(saved.headers.get('Location')).toBe('/id/my-account?picture-saved');
    const [kept] = await handle.db.select().from(avatars);
    expect(await sharp(kept?.image).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('shows a file too big, none chosen, or a missing token at the picture, in the page language', async () => {
    const big = (await submit(post({ csrf: token }, new Uint8Array(2 * 1024 * 1024 + 100)))) as FormRefusal;
    expect(big.status).toBe(413);
    expect(big.errors.image).toEqual(['Ukuran foto lebih dari 2 MB. Pilih foto yang lebih kecil.']);
    const none = (await submit(post({ csrf: token }))) as FormRefusal;
    expect(none.status).toBe(400);
    expect(none.errors.image).toEqual(['Pilih foto terlebih dahulu']);
    const forged = (await submit(post({}, new Uint8Array([1, 2, 3])))) as FormRefusal;
    expect(forged.status).toBe(403);
    expect(await handle.db.select().from(avatars)).toHaveLength(1);
  });

  it('removes the picture with the "Remove picture" button', async () => {
    // Its own form action (`?picture-remove`), with the file input's empty part as a browser sends it.
    const removed = (await submit(
      post({ csrf: token }, undefined, '/id/my-account', 'picture-remove'),
      removeAvatar,
    )) as Response;
    expect(removed.headers.get('Location')).toBe('/id/my-account?picture-removed');
    expect(await handle.db.select().from(avatars)).toHaveLength(0);
  });
});
