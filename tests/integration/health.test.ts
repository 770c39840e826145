import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { testApp } from '../support/app.ts';

describe('GET /api/health', () => {
  let handle: DatabaseHandle;
  let app: ReturnType<typeof testApp>;
  beforeAll(async () => {
    handle = await openDatabase({ pgliteDir: 'memory://' });
    app = testApp(handle.db);
  });
  afterAll(() => handle.close());

  it('answers ok with the app version, never cached', async () => {
    const response = await app.request('/api/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok', version: pkg.version });
  });

  it('answers an unknown API path with a localized JSON 404', async () => {
    const en = await app.request('/api/nothing-here');
    expect(en.status).toBe(404);
    expect(await en.json()).toEqual({ message: 'Not found' });
    const id = await app.request('/api/nothing-here', { headers: { 'Accept-Language': 'id-ID,id;q=0.9' } });
    expect(await id.json()).toEqual({ message: 'Tidak ditemukan' });
  });
});
