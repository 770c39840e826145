import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { announcements } from '../../src/server/db/schema/announcements.ts';
import { auditEntries } from '../../src/server/services/audit.ts';
import { ACCOUNT_PASSWORD } from '../factories/accounts.ts';
import { accountsApi, type testApp } from '../support/app.ts';
import { TestBrowser } from '../support/browser.ts';
import { testDatabases } from '../support/databases.ts';
import { signedInStaff } from '../support/staff.ts';

/** 10:00 in Batam (WIB, UTC+7) on 26 November 2026. */
const start = new Date('2026-11-26T03:00:00Z');
const draft = {
  placement: 'route',
  routeId: 'btc-hfc',
  level: 'warning',
  startsAt: '2026-11-26T09:00',
  endsAt: '2026-11-27T18:00',
  textEn: '<h2>Rough seas</h2><p>Sailings may leave <strong>late</strong>.</p>',
  textId: '',
};

/**
 * The announcements' doors with each kind of caller, what they store (sanitised HTML), when they publish, what the
 * public list shows and when, and the audit row of each change.
 */
describe.each(testDatabases)('announcements on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let now = start;
  let api: ReturnType<typeof testApp>;
  let admin: TestBrowser;

  beforeAll(async () => {
    ({ handle, drop, api } = await accountsApi(database, () => now, [
      { email: 'wayan@example.com', fullName: 'Wayan Sudarma' },
    ]));
    admin = await signedInStaff({ handle, api, now }, 'admin@segaraferry.co.id', 'admin');
  });
  afterAll(() => drop());

  const published = async () => {
    const answer = await new TestBrowser(api).request('/api/announcements');
    return (
      (await answer.json()) as { announcements: { id: string; version: number; html: { en: string } }[] }
    ).announcements;
  };

  it('lets only an admin write, publish and withdraw, with the anti-forgery header', async () => {
    const agent = await signedInStaff({ handle, api, now }, 'agent@segaraferry.co.id', 'agent');
    const traveller = new TestBrowser(api);
    expect((await traveller.logIn('wayan@example.com', ACCOUNT_PASSWORD)).status).toBe(200);
    const nobody = new TestBrowser(api);
    await nobody.request('/api/session');
    const create = (browser: TestBrowser, forged = false) =>
      browser
        .request('/api/staff/announcements', { method: 'POST', json: draft, forged })
        .then((r) => r.status);
    expect(await create(nobody)).toBe(401);
    expect(await create(traveller)).toBe(403);
    expect(await create(agent)).toBe(403);
    expect(await create(admin, true)).toBe(403);
    const made = await admin.request('/api/staff/announcements', { method: 'POST', json: draft });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    for (const browser of [nobody, traveller, agent]) {
      const statuses = await Promise.all([
        browser.request(`/api/staff/announcements/${id}`, { method: 'PUT', json: draft }),
        browser.request(`/api/staff/announcements/${id}/publication`, { method: 'POST', json: draft }),
        browser.request(`/api/staff/announcements/${id}/publication`, { method: 'DELETE' }),
      ]).then((answers) => answers.map((answer) => answer.status));
      expect(statuses).toEqual(browser === nobody ? [401, 401, 401] : [403, 403, 403]);
    }
  });

  it('stores sanitised HTML, publishes only with both texts, and keeps one audit row per change', async () => {
    const made = await admin.request('/api/staff/announcements', {
      method: 'POST',
      json: { ...draft, textEn: `${draft.textEn}<script>alert(1)</script><img src=x onerror=alert(2)>` },
    });
    const { id } = (await made.json()) as { id: string };
    const [row] = await handle.db.select().from(announcements).where(eq(announcements.id, id));
    expect(row?.htmlEn).toBe(draft.textEn);
    expect(row?.startsAt.toISOString()).toBe('2026-11-26T02:00:00.000Z'); // 09:00 WIB

    // Publish sends the draft on the screen: it is saved, then published, or saved and refused.
    const publish = (changes: object = {}) =>
      admin.request(`/api/staff/announcements/${id}/publication`, {
        method: 'POST',
        json: { ...draft, ...changes },
      });
    const refused = await publish({ textEn: '<p>Rough seas.</p>' });
    expect(refused.status).toBe(422);
    expect(Object.keys(((await refused.json()) as { errors: object }).errors)).toEqual(['textId']);
    expect(await published()).toEqual([]);
    const [kept] = await handle.db.select().from(announcements).where(eq(announcements.id, id));
    expect(kept?.htmlEn).toBe('<p>Rough seas.</p>'); // what was sent is kept, though not published

    const save = (changes: object) =>
      admin.request(`/api/staff/announcements/${id}`, { method: 'PUT', json: { ...draft, ...changes } });
    expect((await save({ textId: '<p>Laut berombak.</p>' })).status).toBe(200);
    expect((await save({ textId: '<p>Laut berombak.</p>' })).status).toBe(200); // the same again: no new row
    expect((await publish({ textId: '<p>Laut berombak.</p>' })).status).toBe(200);
    expect(await published()).toMatchObject([{ id, version: 1, html: { en: draft.textEn } }]);

    // A change to the draft reaches travellers only when published again, as version 2.
    expect((await save({ textId: '<p>Laut berombak tinggi.</p>' })).status).toBe(200);
    expect(await published()).toMatchObject([{ version: 1 }]);
    expect((await publish({ textId: '<p>Laut berombak tinggi.</p>' })).status).toBe(200);
    expect(await published()).toMatchObject([{ version: 2, html: { id: '<p>Laut berombak tinggi.</p>' } }]);

    expect(
      (await admin.request(`/api/staff/announcements/${id}/publication`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect(await published()).toEqual([]);

    const log = await auditEntries(handle.db, { action: 'announcement.' });
    const mine = log.filter((entry) => entry.subjectId === id).map((entry) => entry.action);
    expect(mine.toReversed()).toEqual([
      'announcement.saved',
      'announcement.saved', // the refused publication's text, kept
      'announcement.saved', // the Indonesian text, and the English back as it was
      'announcement.published',
      'announcement.saved',
      'announcement.published',
      'announcement.withdrawn',
    ]);
    expect(log.every((entry) => entry.actorKind === 'staff')).toBe(true);
  });

  it('refuses times that do not exist, an end before the start, an unknown route and an unknown id', async () => {
    const create = async (changes: object) => {
      const answer = await admin.request('/api/staff/announcements', {
        method: 'POST',
        json: { ...draft, ...changes },
      });
      return {
        status: answer.status,
        fields: Object.keys(((await answer.json()) as { errors?: object }).errors ?? {}),
      };
    };
    expect(await create({ startsAt: '2026-02-30T10:00' })).toEqual({ status: 422, fields: ['startsAt'] });
    expect(await create({ startsAt: 'tomorrow' })).toEqual({ status: 400, fields: ['startsAt'] });
    expect(await create({ endsAt: '2026-11-26T08:00' })).toEqual({ status: 422, fields: ['endsAt'] });
    expect(await create({ routeId: 'btc-nowhere' })).toEqual({ status: 422, fields: ['routeId'] });
    expect(await create({ textEn: 'x'.repeat(9_000) })).toEqual({ status: 400, fields: ['textEn'] });
    // A notice, not an article: 300 characters a reader sees, 600 with the markup.
    expect(await create({ textId: `<p>${'a'.repeat(301)}</p>` })).toEqual({
      status: 422,
      fields: ['textId'],
    });
    expect(await create({ textId: `<p>${'<strong>a</strong>'.repeat(40)}</p>` })).toEqual({
      status: 422,
      fields: ['textId'],
    });
    // Markup the sanitiser removes does not count against it.
    expect((await create({ textEn: `<p>Short.</p>${'<span style="x">'.repeat(100)}` })).status).toBe(201);
    const missing = await admin.request('/api/staff/announcements/8c6a3a52-52f4-4c1e-9a57-3c2f1c0a0000', {
      method: 'PUT',
      json: draft,
    });
    expect(missing.status).toBe(404);
    const malformed = await admin.request('/api/staff/announcements/nope/publication', {
      method: 'POST',
      json: draft,
    });
    expect(malformed.status).toBe(404);
  });

  it('lists a published announcement until its end, and refuses to publish one already ended', async () => {
    const short = { ...draft, textId: '<p>Laut berombak.</p>', endsAt: '2026-11-26T10:20' };
    const made = await admin.request('/api/staff/announcements', { method: 'POST', json: short });
    const { id } = (await made.json()) as { id: string };
    expect(
      (await admin.request(`/api/staff/announcements/${id}/publication`, { method: 'POST', json: short }))
        .status,
    ).toBe(200);
    expect((await published()).map((announcement) => announcement.id)).toContain(id);
    now = new Date('2026-11-26T03:20:00Z'); // 10:20 WIB: its end (the admin's session still open)
    try {
      expect((await published()).map((announcement) => announcement.id)).not.toContain(id);
      const late = await admin.request(`/api/staff/announcements/${id}/publication`, {
        method: 'POST',
        json: short,
      });
      expect(late.status).toBe(422);
    } finally {
      now = start;
    }
  });
});
