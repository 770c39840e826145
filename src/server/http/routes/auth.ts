import { Hono, type Context } from 'hono';
import { googleCodeSchema } from '../../../schemas/account.ts';
import { translate } from '../../../i18n/translate.ts';
import { browserSession } from '../../auth/browser-effects.ts';
import { CSRF_COOKIE, csrfToken, sessionHolder } from '../../auth/browser-session.ts';
import { honoJar } from '../../auth/cookie-jars.ts';
import { googleIdentity } from '../../auth/google.ts';
import { accountDialogData } from '../../views/account-dialog.ts';
import { visitorPhoneCountry } from '../pages/country-guess.ts';
import { profileAnswer, profileOf } from '../../services/profile.ts';
import { signInWithGoogle } from '../../use-cases/sign-in-with-google.ts';
import { runUseCase, useCaseContext } from '../use-case-context.ts';
import { refuse } from '../../validation-errors.ts';
import type { AppDeps } from '../../deps.ts';
import { callingClient } from '../credentials.ts';
import { jsonBody } from '../json-body.ts';
import { requestLocale } from '../request-locale.ts';

/**
 * The browser's own session (its tokens stay in HttpOnly cookies, never in page JavaScript); the public account
 * calls (sign up, its link, recovery) are use cases mounted from their declarations by use-case-routes.ts.
 * GET /api/session: whether this browser is logged in, with the profile; gives it its anti-forgery token.
 * GET /api/session/forms/{login|sign-up}: the header dialog's form (its props; `next`: the page it opened on), or
 *   `loggedIn: true`; gives the anti-forgery token too.
 * POST /api/auth/google: sign in with Google's authorization `code` (its popup's); answers like a login. 404 when
 *   this installation has no Google client.
 */
export function authRoutes(deps: AppDeps) {
  const say = (c: Context, key: Parameters<typeof translate>[0], params: Record<string, string> = {}) =>
    translate(key, requestLocale(c.req.raw), params);

  return new Hono()
    .post('/auth/google', async (c) => {
      const { viaCookie } = await callingClient(c, deps);
      if (!viaCookie) throw refuse('client', 'api_client_required');
      if (!deps.google) throw refuse('google', 'account_google_unavailable');
      const input = await jsonBody(c, googleCodeSchema);
      if (!input.data) return input.refused;
      const ctx = await useCaseContext(deps, c.req.raw, {
        locale: requestLocale(c.req.raw),
        session: browserSession(honoJar(c), deps, c.req.raw),
      });
      // Counted with the password logins of this address, before anything is asked of Google.
      await ctx.rateLimits.logins.take(ctx.address);
      const identity = signInWithGoogle.input.safeParse(await googleIdentity(deps.google, input.data.code));
      if (!identity.success) throw refuse('google', 'account_google_failed');
      await runUseCase(signInWithGoogle, ctx, identity.data);
      return c.json({ loggedIn: true, ...(await profileAnswer(ctx)) });
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
    });
}
