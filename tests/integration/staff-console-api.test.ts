import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { useCasePorts } from '../../src/server/http/use-case-ports.ts';
import { auditEntries } from '../../src/server/services/audit.ts';
import { staffListing } from '../../src/server/services/staff-session.ts';
import { ACCOUNT_PASSWORD } from '../factories/accounts.ts';
import { accountsApi, TEST_LINK_SECRET, type testApp } from '../support/app.ts';
import { TestBrowser } from '../support/browser.ts';
import { testDatabases } from '../support/databases.ts';
import { signedInStaff, STAFF_PASSWORD as password } from '../support/staff.ts';

const start = new Date('2026-11-26T02:00:00Z');

/**
 * The console's JSON doors with each kind of caller: nobody 401, a traveller 403, an agent 403 at an admin's work,
 * an admin allowed; the sign-in itself through the API (the staff cookie, the anti-forgery header).
 */
describe.each(testDatabases)("the staff console's API on $name", (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  const now = start;
  let api: ReturnType<typeof testApp>;

  beforeAll(async () => {
    ({ handle, drop, api } = await accountsApi(database, () => now, [
      { email: 'wayan@example.com', fullName: 'Wayan Sudarma' },
    ]));
  });
  afterAll(() => drop());

  const signIn = (email: string, role: 'agent' | 'admin') => signedInStaff({ handle, api, now }, email, role);

  it('adds and disables staff for an admin only, and logs who did it', async () => {
    const admin = await signIn('admin@segaraferry.co.id', 'admin');
    const agent = await signIn('agent@segaraferry.co.id', 'agent');
    const traveller = new TestBrowser(api);
    expect((await traveller.logIn('wayan@example.com', ACCOUNT_PASSWORD)).status).toBe(200);
    const nobody = new TestBrowser(api);
    await nobody.request('/api/session');

    const newcomer = { email: 'new.agent@segaraferry.co.id', fullName: 'Nyoman Baru', role: 'agent' };
    const add = (browser: TestBrowser) =>
      browser.request('/api/staff/members', { method: 'POST', json: newcomer }).then((r) => r.status);
    expect(await add(nobody)).toBe(401);
    expect(await add(traveller)).toBe(403);
    expect(await add(agent)).toBe(403);
    // Without the anti-forgery header, even an admin's cookie does nothing.
    const forged = await admin.request('/api/staff/members', {
      method: 'POST',
      json: newcomer,
      forged: true,
    });
    expect(forged.status).toBe(403);
    expect(await add(admin)).toBe(201);
    expect(await add(admin)).toBe(409);

    // The list shows the admin the newcomer's set-up link, and the link works.
    const listed = await staffListing(handle.db, useCasePorts.staff, TEST_LINK_SECRET, now);
    const pending = listed.find((member) => member.email === newcomer.email);
    expect(pending).toMatchObject({ state: 'pending', role: 'agent' });
    const setUp = await nobody.request('/api/staff/set-up', {
      method: 'POST',
      json: { token: pending?.setUpToken, password, passwordConfirmation: password },
    });
    expect(setUp.status).toBe(204);

    const agentId = listed.find((member) => member.email === 'agent@segaraferry.co.id')?.id ?? '';
    const adminId = listed.find((member) => member.email === 'admin@segaraferry.co.id')?.id ?? '';
    const disable = (browser: TestBrowser, id: string) =>
      browser.request(`/api/staff/members/${id}`, { method: 'DELETE' }).then((r) => r.status);
    expect(await disable(agent, adminId)).toBe(403);
    expect(await disable(admin, adminId)).toBe(422); // not one's own account
    expect(await disable(admin, 'not-an-id')).toBe(404);
    expect(await disable(admin, agentId)).toBe(204);
    // Disabled: signed out at once, and no new sign-in.
    expect(await add(agent)).toBe(401);
    const again = await agent.request('/api/staff/session', {
      method: 'POST',
      json: { email: 'agent@segaraferry.co.id', password },
    });
    expect(again.status).toBe(400);

    const logged = await auditEntries(handle.db, { action: 'staff.' });
    const byAdmin = logged.filter((row) => row.actorKind === 'staff' && row.actorId === adminId);
    expect(byAdmin.map((row) => row.action)).toEqual(
      expect.arrayContaining(['staff.added', 'staff.disabled', 'staff.signed_in']),
    );
    expect(byAdmin.find((row) => row.action === 'staff.disabled')?.subjectId).toBe(agentId);

    // Signing out is logged as the member's own, and their cookie does nothing after it.
    expect((await admin.request('/api/staff/session', { method: 'DELETE' })).status).toBe(204);
    expect(await add(admin)).toBe(401);
    const [last] = await auditEntries(handle.db, { action: 'staff.', limit: 1 });
    expect(last).toMatchObject({
      action: 'staff.signed_out',
      actorKind: 'staff',
      actorId: adminId,
      subjectId: adminId,
    });
  });
});
