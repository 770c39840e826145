import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { useCasePorts } from '../../src/server/http/use-case-ports.ts';
import { pendingStaffSignIn } from '../../src/server/services/staff-session.ts';
import { addStaffMember } from '../../src/server/use-cases/staff-add.ts';
import { TEST_LINK_SECRET, type testApp } from './app.ts';
import { TestBrowser } from './browser.ts';

export const STAFF_PASSWORD = 'Loket-Batam-2005!';

/**
 * A staff member added as `npm run ops -- staff-add` adds one, set up by their link, and signed in through the API
 * with both steps (password, then the code of the authenticator the sign-in offered): a browser holding the staff
 * cookie and the page's anti-forgery token.
 */
export async function signedInStaff(
  setting: { handle: DatabaseHandle; api: ReturnType<typeof testApp>; now: Date },
  email: string,
  role: 'agent' | 'admin',
): Promise<TestBrowser> {
  const { handle, api, now } = setting;
  const ctx = {
    db: handle.db,
    clock: () => now,
    staff: useCasePorts.staff,
    linkSecret: () => TEST_LINK_SECRET,
  };
  const added = await addStaffMember(ctx, { email, fullName: `Staff ${role}`, role }, 'system');
  const browser = new TestBrowser(api);
  await browser.request('/api/session'); // the page's anti-forgery cookie
  const setUp = await browser.request('/api/staff/set-up', {
    method: 'POST',
    json: { token: added.setUpToken, password: STAFF_PASSWORD, passwordConfirmation: STAFF_PASSWORD },
  });
  expect(setUp.status).toBe(204);
  const first = await browser.request('/api/staff/session', {
    method: 'POST',
    json: { email, password: STAFF_PASSWORD },
  });
  expect(await first.json()).toEqual({ next: 'enrol' });
  expect(browser.setCookie('segara_staff')).toMatch(/HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/i);
  const pending = await pendingStaffSignIn(
    handle.db,
    useCasePorts.staff,
    browser.cookies.get('segara_staff'),
    now,
  );
  const secret = pending?.enrol?.secret ?? '';
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: now.getTime() });
  const second = await browser.request('/api/staff/session/code', { method: 'POST', json: { code } });
  expect(second.status).toBe(204);
  return browser;
}
