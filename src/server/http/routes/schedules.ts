import { Hono } from 'hono';
import { searchQuerySchema } from '../../../schemas/search.ts';
import { searchSchedules } from '../../services/search-schedules.ts';
import type { AppDeps } from '../../deps.ts';
import { issuesToErrors } from '../../validation-errors.ts';
import { fieldErrors } from '../errors.ts';
import { requestLocale } from '../request-locale.ts';

/** GET /api/schedules?trip&from&to&date&returnDate&adults&children&infants */
export function schedulesRoutes(deps: AppDeps) {
  return new Hono().get('/schedules', async (c) => {
    const parsed = searchQuerySchema.safeParse(c.req.query());
    if (!parsed.success) return fieldErrors(c, issuesToErrors(parsed.error.issues));
    const result = await searchSchedules(parsed.data, {
      db: await deps.database(),
      network: deps.network,
      now: deps.clock(),
      locale: requestLocale(c.req.raw),
      horizonDays: deps.horizonDays,
    });
    // Seats move; a short shared cache still absorbs a crowd refreshing the same search.
    c.header('Cache-Control', 'public, max-age=15');
    c.header('Vary', 'Accept-Language');
    return c.json(result);
  });
}
