import { Hono } from 'hono';
import { avatarOf, holderProfile } from '../../services/profile.ts';
import { refuse } from '../../validation-errors.ts';
import type { AppDeps } from '../../deps.ts';
import { accountHolder } from '../credentials.ts';
import { noStore } from '../json-body.ts';
import { pictureResponse } from '../picture-response.ts';

/**
 * The account holder's reads (their contracts: http/contracts.ts), with their bearer token or, in a browser,
 * their session cookie; the changes (logout, profile, password, picture, address proof, deleting the account)
 * are use cases, mounted from their declarations by use-case-routes.ts.
 * GET /api/profile: the profile, under `data` (the site caches that field).
 * GET /api/profile/avatar: the holder's picture (a WebP made by the server).
 */
export function accountRoutes(deps: AppDeps) {
  return new Hono()
    .use('/profile', noStore)
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
