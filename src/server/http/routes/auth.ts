import { Hono, type Context } from 'hono';
import { googleCodeSchema, loginSchema } from '../../../schemas/account.ts';
import { translate } from '../../../i18n/translate.ts';
import { logInBrowserAs, logInWithPassword } from '../../auth/browser-login.ts';
import { CSRF_COOKIE, csrfToken, sessionHolder } from '../../auth/browser-session.ts';
import { honoJar } from '../../auth/cookie-jars.ts';
import { googleIdentity } from '../../auth/google.ts';
import { accountDialogData } from '../../pages/account-dialog.ts';
import { visitorPhoneCountry } from '../../pages/country-guess.ts';
import { profileOf } from '../../services/profile.ts';
import { useCaseContext } from '../../use-cases/context.ts';
import { forgotPassword } from '../../use-cases/forgot-password.ts';
import { proveAddress } from '../../use-cases/prove-address.ts';
import { register } from '../../use-cases/register.ts';
import { resetPassword } from '../../use-cases/reset-password.ts';
import { signInWithGoogle } from '../../use-cases/sign-in-with-google.ts';
import { verifyEmail } from '../../use-cases/verify-email.ts';
import { issuesToErrors, refuse } from '../../validation-errors.ts';
import type { AppDeps } from '../app.ts';
import { callingClient } from '../credentials.ts';
import { fieldErrors } from '../errors.ts';
import { jsonBody } from '../json-body.ts';
import { requestLocale } from '../request-locale.ts';

/**
 * The application's public account calls (seed section 7), each with the client credential (credentials.ts):
 * POST /api/auth/register: sign up; 202, "check your e-mail", whatever the address.
 * POST /api/auth/verify-email: open a sign-up's link (`token`); a browser is then logged in.
 * POST /api/auth/prove-address: open the link that proves a Google-made account's address (`token`); no login.
 * POST /api/recovery/forgot-password: e-mail a link to set a new password; 202, whatever the address.
 * POST /api/recovery/reset-password: the new password from that link (`token`); a browser is then logged in.
 * And the browser's own session (its tokens stay in HttpOnly cookies, never in page JavaScript):
 * GET /api/session: whether this browser is logged in, with the profile; gives it its anti-forgery token.
 * GET /api/session/forms/{login|sign-up}: the header dialog's form (its props; `next`: the page it opened on), or
 *   `loggedIn: true`; gives the anti-forgery token too.
 * POST /api/session: log in with e-mail and password (the password grant, run on the server); `attach`: a guest
 *   booking (by its id) to join the account where that is proven (services/attach-booking.ts); `attached` says.
 * POST /api/auth/google: sign in with Google's authorization `code` (its popup's); answers like a login. 404 when
 *   this installation has no Google client.
 */
export function authRoutes(deps: AppDeps) {
  const context = (c: Context) => useCaseContext(deps, c.req.raw, { locale: requestLocale(c.req.raw) });
  const say = (c: Context, key: Parameters<typeof translate>[0], params: Record<string, string> = {}) =>
    translate(key, requestLocale(c.req.raw), params);
  /** A browser that proved itself by an e-mailed link is logged in there and then. */
  const logInBrowser = async (c: Context, viaCookie: boolean, userId: string) => {
    if (!viaCookie) return undefined;
    await logInBrowserAs(honoJar(c), deps, userId);
    return profileOf(await deps.database(), userId);
  };

  return new Hono()
    .post('/auth/register', async (c) => {
      await callingClient(c, deps);
      const input = await jsonBody(c, register.input);
      if (!input.data) return input.refused;
      await register.run(await context(c), input.data);
      deps.mailQueued?.();
      return c.json({ message: say(c, 'account_check_email', { email: input.data.email }) }, 202);
    })
    .post('/auth/verify-email', async (c) => {
      const { viaCookie } = await callingClient(c, deps);
      const input = await jsonBody(c, verifyEmail.input);
      if (!input.data) return input.refused;
      const { userId } = await verifyEmail.run(await context(c), input.data);
      const data = await logInBrowser(c, viaCookie, userId);
      return c.json({ message: say(c, 'account_verified'), ...(data ? { data } : {}) });
    })
    .post('/auth/prove-address', async (c) => {
      await callingClient(c, deps);
      const input = await jsonBody(c, proveAddress.input);
      if (!input.data) return input.refused;
      await proveAddress.run(await context(c), input.data);
      return c.json({ message: say(c, 'prove_done') });
    })
    .post('/recovery/forgot-password', async (c) => {
      await callingClient(c, deps);
      const input = await jsonBody(c, forgotPassword.input);
      if (!input.data) return input.refused;
      await forgotPassword.run(await context(c), input.data);
      deps.mailQueued?.();
      return c.json({ message: say(c, 'account_reset_sent', { email: input.data.email }) }, 202);
    })
    .post('/recovery/reset-password', async (c) => {
      const { viaCookie } = await callingClient(c, deps);
      const input = await jsonBody(c, resetPassword.input);
      if (!input.data) return input.refused;
      const { userId } = await resetPassword.run(await context(c), input.data);
      deps.mailQueued?.();
      const data = await logInBrowser(c, viaCookie, userId);
      return c.json({ message: say(c, 'account_password_reset'), ...(data ? { data } : {}) });
    })
    .post('/auth/google', async (c) => {
      const { viaCookie } = await callingClient(c, deps);
      if (!viaCookie) throw refuse('client', 'api_client_required');
      if (!deps.google) throw refuse('google', 'account_google_unavailable');
      const input = await jsonBody(c, googleCodeSchema);
      if (!input.data) return input.refused;
      const ctx = await context(c);
      // Counted with the password logins of this address, before anything is asked of Google.
      await ctx.rateLimits.logins.take(ctx.address);
      const identity = signInWithGoogle.input.safeParse(await googleIdentity(deps.google, input.data.code));
      if (!identity.success) throw refuse('google', 'account_google_failed');
      const { userId } = await signInWithGoogle.run(ctx, identity.data);
      // An address Google is not the authority for was sent our link to prove it: out now, not at the next sweep.
      deps.mailQueued?.();
      return c.json({ loggedIn: true, data: await logInBrowser(c, true, userId) });
    })
    .get('/session', async (c) => {
      c.header('Cache-Control', 'no-store');
      const jar = honoJar(c);
      if (!jar.get(CSRF_COOKIE)) csrfToken(jar, deps);
      const holder = await sessionHolder(deps, jar, c.req.raw);
      const data = holder && (await profileOf(await deps.database(), holder.userId));
      return c.json(data ? { loggedIn: true, data } : { loggedIn: false });
    })
    .get('/session/forms/:kind', async (c) => {
      c.header('Cache-Control', 'no-store');
      const kind = c.req.param('kind');
      if (kind !== 'login' && kind !== 'sign-up') return c.json({ message: say(c, 'api_not_found') }, 404);
      const jar = honoJar(c);
      const csrf = csrfToken(jar, deps);
      if (await sessionHolder(deps, jar, c.req.raw)) return c.json({ loggedIn: true });
      const data = await accountDialogData(kind, requestLocale(c.req.raw), {
        csrf,
        next: c.req.query('next') ?? null,
        google: deps.google !== undefined,
        phoneCountry: () => visitorPhoneCountry(c.req.raw, undefined, deps),
      });
      return c.json({ loggedIn: false, data });
    })
    .post('/session', async (c) => {
      const { viaCookie } = await callingClient(c, deps);
      if (!viaCookie) throw refuse('client', 'api_client_required');
      c.header('Cache-Control', 'no-store');
      const raw = (await c.req.json().catch(() => ({}))) as { attach?: unknown } | null;
      const parsed = loginSchema.safeParse(raw ?? {});
      if (!parsed.success) return fieldErrors(c, issuesToErrors(parsed.error.issues));
      const attach = typeof raw?.attach === 'string' ? raw.attach : undefined;
      const login = await logInWithPassword(honoJar(c), deps, c.req.raw, { ...parsed.data, attach });
      if ('refused' in login) {
        if (login.refused.status === 429)
          return c.json({ message: login.refused.body.error_description }, 429, login.refused.headers);
        // One answer for an unknown address, a wrong password and an unconfirmed sign-up.
        const message = say(c, 'account_login_failed');
        return c.json({ message, errors: { password: [message] } }, 400);
      }
      const data = await profileOf(await deps.database(), login.userId);
      return c.json({ loggedIn: true, data, ...(attach ? { attached: login.attached } : {}) });
    });
}
