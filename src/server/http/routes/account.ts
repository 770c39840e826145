import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { endSession } from '../../auth/sessions.ts';
import { users } from '../../db/schema/accounts.ts';
import type { AppDeps } from '../app.ts';
import { accountHolder } from '../credentials.ts';

/**
 * The account holder's calls (seed section 7), each with their bearer token:
 * POST /api/logout: end this login's session (its access and refresh tokens); 204.
 * GET /api/profile: the profile, under `data` (the site caches that field).
 */
export function accountRoutes(deps: AppDeps) {
  return new Hono()
    .post('/logout', async (c) => {
      const { accessToken } = await accountHolder(c, deps);
      await endSession(await deps.database(), accessToken, deps.clock());
      c.header('Cache-Control', 'no-store');
      return c.body(null, 204);
    })
    .get('/profile', async (c) => {
      const { userId } = await accountHolder(c, deps);
      const db = await deps.database();
      const [user] = await db
        .select({ fullName: users.fullName, email: users.email, phone: users.phone })
        .from(users)
        .where(eq(users.id, userId));
      c.header('Cache-Control', 'no-store');
      return c.json({
        data: { fullName: user?.fullName ?? '', email: user?.email ?? '', phone: user?.phone ?? '' },
      });
    });
}
