import { Hono } from 'hono';
import { clearSession } from '../../auth/browser-session.ts';
import { honoJar } from '../../auth/cookie-jars.ts';
import { endSession } from '../../auth/sessions.ts';
import { avatarOf, holderProfile } from '../../services/profile.ts';
import { refuse } from '../../validation-errors.ts';
import type { AppDeps } from '../../deps.ts';
import { accountHolder } from '../credentials.ts';
import { noStore } from '../json-body.ts';
import { pictureResponse } from '../picture-response.ts';

/**
 * The account holder's reads and logout (seed section 7), with their bearer token or, in a browser, their session
 * cookie; the changes (profile, password, picture, address proof, deleting the account) are use cases, mounted from
 * their declarations by use-case-routes.ts.
 * POST /api/logout: end this login's session (its access and refresh tokens); 204. A browser's cookies go too.
 * GET /api/profile: the profile, under `data` (the site caches that field).
 * GET /api/profile/avatar: the holder's picture (a WebP made by the server).
 */
export function accountRoutes(deps: AppDeps) {
  return new Hono()
    .use('/logout', noStore)
    .use('/profile', noStore)
    .post('/logout', async (c) => {
      const holder = await accountHolder(c, deps);
      await endSession(await deps.database(), holder.accessToken, deps.clock());
      if (holder.viaCookie) clearSession(honoJar(c), deps);
      return c.body(null, 204);
    })
    .get('/profile', async (c) => {
      const holder = await accountHolder(c, deps);
      const db = await deps.database();
      return c.json(await holderProfile({ db, actor: { kind: 'account', userId: holder.userId } }));
    })
    .get('/profile/avatar', async (c) => {
      const holder = await accountHolder(c, deps);
      const picture = await avatarOf(await deps.database(), holder.userId);
      if (!picture) throw refuse('image', 'avatar_not_found');
      return pictureResponse(c.req.raw, picture);
    });
}
