import type { Context } from 'hono';
import { tokenHolder } from '../auth/oauth-model.ts';
import { refuse } from '../validation-errors.ts';
import type { AppDeps } from './app.ts';

/**
 * The two credentials of the seed's calls (section 7): an account holder's calls carry their access token as
 * `Authorization: Bearer <token>`; the application's public calls (register, recovery) carry its client token raw
 * in `Authorization`. A missing, unknown, expired or revoked token is a 401 with the session-ended message, which
 * the site answers by clearing the login and going home.
 */
function presented(c: Context): string {
  return (c.req.header('Authorization') ?? '').trim();
}

/** The account holder a call's bearer token stands for, or a 401 refusal. */
export async function accountHolder(c: Context, deps: Pick<AppDeps, 'database' | 'clock'>) {
  const [scheme, token] = presented(c).split(/\s+/, 2);
  const holder =
    scheme?.toLowerCase() === 'bearer' && token
      ? await tokenHolder(await deps.database(), token, deps.clock())
      : undefined;
  if (!holder?.userId) throw refuse('session', 'session_expired');
  return { userId: holder.userId, accessToken: token ?? '' };
}
