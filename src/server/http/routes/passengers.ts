import { Hono } from 'hono';
import { savedPassengersOf } from '../../services/saved-passengers.ts';
import type { AppDeps } from '../../deps.ts';
import { accountHolder } from '../credentials.ts';

/**
 * GET /api/passengers: the account holder's saved passengers, under `data` (bearer token or session cookie). Adding,
 * changing and deleting one are use cases (use-cases/save-passenger.ts), mounted by use-case-routes.ts.
 */
export function passengersRoutes(deps: AppDeps) {
  return new Hono().get('/passengers', async (c) => {
    const holder = await accountHolder(c, deps);
    c.header('Cache-Control', 'no-store');
    return c.json({ data: await savedPassengersOf(await deps.database(), holder.userId) });
  });
}
