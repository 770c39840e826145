import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { appVersion } from '../../app-version.ts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { api_not_found } from '../../paraglide/messages.js';
import { accountRoutes } from './routes/account.ts';
import { announcementsRoutes } from './routes/announcements.ts';
import { authRoutes } from './routes/auth.ts';
import { passengersRoutes } from './routes/passengers.ts';
import { Refused } from '../validation-errors.ts';
import { bodyTooLarge, MAX_BODY_BYTES, maxBodyBytes, PICTURE_API_PATH } from './body-limit.ts';
import { bearerChallenge } from './credentials.ts';
import { carryClientAddress } from './client-address.ts';
import { errorAnswer } from './error-answer.ts';
import { requestLocale } from './request-locale.ts';
import { serverBoardingPassKeys } from '../boarding-pass/keys.ts';
import { boardingPassRoutes } from './routes/boarding-pass.ts';
import { bookingsRoutes } from './routes/bookings.ts';
import { gateRoutes } from './routes/gate.ts';
import { paymentsRoutes } from './routes/payments.ts';
import { networkRoutes } from './routes/network.ts';
import { schedulesRoutes } from './routes/schedules.ts';
import type { AppDeps } from '../deps.ts';
import { sameOrigin } from './same-origin.ts';
import { isDraining } from './readiness.ts';
import { useCaseRoutes } from './use-case-routes.ts';
import { routePath } from 'hono/route';
import { currentScope, inScope, nameRoute, requestIdFrom } from '../observability/request-scope.ts';

/**
 * The API: one Hono app behind `/api/*`, reached through its door from the Node server (node-door.ts) or through
 * src/pages/api/[...path].ts under `astro dev` (both by api-answer.ts), and tested with `app.request()`.
 */
export function createApp(deps: AppDeps) {
  const app = new Hono().basePath('/api');
  // The pattern of the route that answered (`/api/bookings/:id`), for the access log and the metrics. A request
  // that came without the Node server's scope (a test's `app.request`) gets one here, and its id in X-Request-Id.
  app.use((c, next) => {
    const named = async () => {
      await next();
      nameRoute(routePath(c));
    };
    if (currentScope()) return named();
    const requestId = requestIdFrom(undefined, false);
    c.header('X-Request-Id', requestId);
    return inScope({ requestId }, named);
  });
  // Before anything reads a body: over 64 KB (a profile picture's post: 2 MB and a little), declared or counted as it
  // streams in, is a 413, never parsed.
  const formsLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => bodyTooLarge(c.req.raw) });
  const pictureLimit = bodyLimit({
    maxSize: maxBodyBytes(PICTURE_API_PATH),
    onError: (c) => bodyTooLarge(c.req.raw, true),
  });
  app.use((c, next) => {
    const asked = c.req.raw;
    return (c.req.path === PICTURE_API_PATH ? pictureLimit : formsLimit)(c, () => {
      carryClientAddress(asked, c.req.raw);
      return next();
    });
  });

  // Alive and reaching the database (a monitor's check; it also opens the database at start-up). A database away
  // answers 503 with Retry-After, as every call does (onError below).
  app.get('/health', async (c) => {
    c.header('Cache-Control', 'no-store');
    await (await deps.database()).execute(sql`select 1`);
    return c.json({ status: 'ok', version: appVersion });
  });
  // Whether the proxy should send this process new requests: no once it drains (SIGTERM, src/server/main.ts). It
  // does not ask the database: while the database is away every process is equally able to say so (503).
  app.get('/ready', (c) => {
    c.header('Cache-Control', 'no-store');
    return isDraining() ? c.json({ status: 'draining' }, 503) : c.json({ status: 'ready' });
  });
  // Gateways call back from their servers and prove themselves by token or signature, not by origin.
  app.route('/', paymentsRoutes(deps));
  app.use(sameOrigin);
  app.route('/', networkRoutes(deps));
  app.route('/', announcementsRoutes(deps));
  app.route('/', schedulesRoutes(deps));
  app.route('/', useCaseRoutes(deps));
  app.route('/', bookingsRoutes(deps));
  app.route('/', gateRoutes(deps));
  app.route('/', authRoutes(deps));
  app.route('/', accountRoutes(deps));
  app.route('/', passengersRoutes(deps));
  app.route('/', boardingPassRoutes(deps.boardingPassKeys ?? serverBoardingPassKeys));

  app.notFound((c) => c.json({ message: api_not_found({}, { locale: requestLocale(c.req.raw) }) }, 404));
  app.onError((error, c) => {
    const answer = errorAnswer(error, requestLocale(c.req.raw));
    const headers = { ...answer.headers };
    // An account call without a usable session (credentials.ts accountHolder): say which scheme the API takes.
    if (error instanceof Refused && error.status === 401 && error.errors.session)
      headers['WWW-Authenticate'] = bearerChallenge(c);
    return c.json(answer.body, answer.status as ContentfulStatusCode, headers);
  });

  return app;
}
