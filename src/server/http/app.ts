import { Hono } from 'hono';
import { appVersion } from '../../app-version.ts';
import { api_not_found, notification_generic_error } from '../../paraglide/messages.js';
import type { Database } from '../db/client.ts';
import type { Network } from '../network.ts';
import { Refused } from '../validation-errors.ts';
import { fieldErrors } from './errors.ts';
import { requestLocale } from './request-locale.ts';
import { bookingsRoutes } from './routes/bookings.ts';
import { networkRoutes } from './routes/network.ts';
import { schedulesRoutes } from './routes/schedules.ts';
import { sameOrigin } from './same-origin.ts';

/** What the API needs from the outside world; tests pass their own database and clock. */
export interface AppDeps {
  database: () => Promise<Database>;
  network: Network;
  clock: () => Date;
  horizonDays: number;
  /** Seat locking for holds; off only in the concurrency tests that prove the lock matters. */
  lockSeats?: boolean;
}

/** The API: one Hono app behind `/api/*`, mounted by src/pages/api/[...path].ts and tested with `app.request()`. */
export function createApp(deps: AppDeps) {
  const app = new Hono().basePath('/api');

  app.get('/health', async (c) => {
    c.header('Cache-Control', 'no-store');
    await deps.database(); // also warms the database connection at start-up
    return c.json({ status: 'ok', version: appVersion });
  });
  app.use(sameOrigin);
  app.route('/', networkRoutes(deps));
  app.route('/', schedulesRoutes(deps));
  app.route('/', bookingsRoutes(deps));

  app.notFound((c) => c.json({ message: api_not_found({}, { locale: requestLocale(c.req.raw) }) }, 404));
  app.onError((error, c) => {
    // A use case's refusal is an answer, not a failure: its status and localized field errors.
    if (error instanceof Refused) return fieldErrors(c, error.errors, error.status);
    console.error(error);
    return c.json({ message: notification_generic_error({}, { locale: requestLocale(c.req.raw) }) }, 500);
  });

  return app;
}
