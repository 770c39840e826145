import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { createApp } from '../../src/server/http/app.ts';
import type { AccountDialogData } from '../../src/islands/account/AccountDialogForm.tsx';
import { ACCOUNT_PASSWORD } from '../factories/accounts.ts';
import type { testApp } from '../support/app.ts';
import { accountsApi, testDeps } from '../support/app.ts';
import { TestBrowser } from '../support/browser.ts';
import { testDatabases } from '../support/databases.ts';

const now = new Date('2026-11-24T03:00:00Z');

interface DialogAnswer {
  loggedIn: boolean;
  data?: AccountDialogData;
}

describe.each(testDatabases)(
  "the header dialog's forms (GET /api/session/forms/{kind}) on $name",
  (database) => {
    let handle: DatabaseHandle;
    let drop: () => Promise<void>;
    let api: ReturnType<typeof testApp>;

    beforeAll(async () => {
      ({ handle, drop, api } = await accountsApi(database, now, [
        { email: 'ketut@example.com', fullName: 'Ketut Arsana' },
      ]));
    });
    afterAll(() => drop());

    async function dialog(browser: TestBrowser, path: string, language = 'en') {
      const answer = await browser.request(path, { headers: { 'Accept-Language': language } });
      return { answer, body: (await answer.json()) as DialogAnswer };
    }

    it('gives the login form of the page it opened on, with an anti-forgery token its login then uses', async () => {
      const browser = new TestBrowser(api);
      const { answer, body } = await dialog(browser, '/api/session/forms/login?next=/booking/check-order');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('Cache-Control')).toBe('no-store');
      const form = body.data?.form;
      expect(body.loggedIn).toBe(false);
      expect(form).toMatchObject({ kind: 'login', locale: 'en', next: '/booking/check-order', values: {} });
      expect(form?.action).toBe('/login?next=%2Fbooking%2Fcheck-order');
      expect(form?.messages.account_login_submit).toBe('Log in');
      expect(form?.countries).toBeUndefined(); // no picker on the login form: no country list sent
      expect(form?.csrf).toBe(browser.cookies.get('segara_csrf'));
      expect(body.data?.links.map((link) => link.path)).toEqual(['/forgot-password', '/sign-up']);
      expect(body.data?.google).toBeUndefined(); // this installation has no Google client

      const login = await browser.request('/api/session', {
        method: 'POST',
        json: { email: 'ketut@example.com', password: ACCOUNT_PASSWORD },
      });
      expect(login.status).toBe(200);
      // Logged in (another tab, say): the dialog is told so and sends no form.
      expect((await dialog(browser, '/api/session/forms/sign-up')).body).toEqual({ loggedIn: true });
    });

    it("gives the sign-up form in the reader's language, with the country list for its phone", async () => {
      const { body } = await dialog(new TestBrowser(api), '/api/session/forms/sign-up', 'id');
      const form = body.data?.form;
      expect(form).toMatchObject({
        kind: 'signUp',
        locale: 'id',
        action: '/id/sign-up',
        values: { phoneCountry: 'ID' },
      });
      expect(form?.messages.account_sign_up_submit).toBe('Daftar');
      expect(form?.countries).toContain('Singapura');
      expect(body.data?.links).toEqual([
        { path: '/id/login', label: 'Sudah punya akun? Masuk', testid: 'login-link' },
      ]);
    });

    it('never returns a login to another site, and offers Google on the login page where it is configured', async () => {
      const google = {
        clientId: 'segara-web.apps.example',
        clientSecret: 'secret',
        issuer: 'https://accounts.example',
        jwksUrl: 'https://accounts.example/jwks',
        tokenUrl: 'https://accounts.example/token',
        scriptUrl: 'https://accounts.example/gsi/client',
      };
      const browser = new TestBrowser(createApp({ ...testDeps(handle.db, now), google }));
      const { body } = await dialog(
        browser,
        `/api/session/forms/login?next=${encodeURIComponent('//evil.example/x')}`,
      );
      expect(body.data?.form.next).toBe('/my-booking');
      expect(body.data?.google).toEqual({ path: '/login?next=%2Fmy-booking', label: 'Continue with Google' });
    });

    it("answers 404 in the reader's language for a form the dialog does not have", async () => {
      const { answer, body } = await dialog(new TestBrowser(api), '/api/session/forms/change-password', 'id');
      expect(answer.status).toBe(404);
      expect(body).toEqual({ message: 'Tidak ditemukan' });
    });
  },
);
