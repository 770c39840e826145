import { defineMiddleware, sequence } from 'astro:middleware';
import { localeFromPath, localizePath } from './i18n/locales.ts';
import { REFRESH_COOKIE, SESSION_COOKIE, sessionHolder } from './server/auth/browser-session.ts';
import { astroJar } from './server/auth/cookie-jars.ts';
import { isProtectedPath, readsSession } from './server/http/guard.ts';
import { rememberClientAddress } from './server/http/client-address.ts';
import { runtimeDeps } from './server/runtime.ts';
import { openApiDoor } from './server/http/api-door.ts';
import { apiRead } from './server/http/reads.ts';
import { answerApiCompressed } from './server/http/api-answer.ts';
import { bodyTooLarge, declaredTooLarge, pageCountsItsBody, takesPicture } from './server/http/body-limit.ts';
import { compressResponse } from './server/http/compress.ts';
import { hasIslandPreloads, withIslandPreloads } from './server/http/island-preloads.ts';
import { withFrameAncestors } from './server/http/security-headers.ts';
import { databaseUnavailable } from './server/db/unavailable.ts';
import { failurePage, unavailablePage } from './server/http/pages/unavailable-page.ts';
import { log } from './server/observability/log.ts';
import { countUnavailable } from './server/observability/metrics.ts';
import { currentScope, inScope, requestIdFrom } from './server/observability/request-scope.ts';

/**
 * Names the matched route (a pattern: `/[...locale]/booking/[id]`) for the access log and the metrics. The Node
 * server opened the request's scope (observability/access-log.ts); `astro dev` and the tests have none: one here.
 * A page that fails unforeseen is logged here, masked and with its request id (Astro would print the raw error,
 * a failed query's values included), and answered with the failure page quoting that id. A page prerendered at
 * build time still fails the build.
 */
const observe = defineMiddleware((context, next) => {
  const scope = currentScope() ?? { requestId: requestIdFrom(undefined, false) };
  scope.route = context.routePattern;
  return inScope(scope, async () => {
    try {
      return await next();
    } catch (error) {
      if (context.isPrerendered) throw error;
      log.error({ err: error }, 'unhandled error while rendering a page');
      return failurePage(localeFromPath(context.url.pathname), scope.requestId);
    }
  });
});

/**
 * The page's language, once for every page and endpoint: `/id/...` is Indonesian, the rest English. Any other
 * first segment a `[...locale]` route caught (`/en/...`, `/xx/...`) names no page.
 */
const localize = defineMiddleware((context, next) => {
  const param = context.params.locale;
  if (param !== undefined && param !== 'id') return context.rewrite('/404');
  context.locals.locale = param === 'id' ? 'id' : localeFromPath(context.url.pathname);
  // The process's dependencies, handed to every page, endpoint and form from here (the one place that builds them).
  context.locals.deps = runtimeDeps();
  return next();
});

/**
 * A page that needs the database while it is away (a restart, a fail-over) is a 503 page in the visitor's language
 * with Retry-After, never a 500: the request saved nothing, and the page reloads itself (http/pages/unavailable-page.ts).
 */
const databaseAway = defineMiddleware(async (context, next) => {
  try {
    return await next();
  } catch (error) {
    if (!databaseUnavailable(error)) throw error;
    countUnavailable('database');
    log.warn({ err: error }, 'database unavailable');
    return unavailablePage(context.locals.locale);
  }
});

/**
 * A body declared over the limit is refused before any page or the API reads it (chunked ones are counted there).
 * My account reads a picture post itself, to show one too big at its field.
 */
const limitBodies = defineMiddleware((context, next) => {
  if (context.isPrerendered || pageCountsItsBody(context.url.pathname)) return next();
  if (!declaredTooLarge(context.request)) return next();
  // A picture's upload (the API's) hears of the picture's own limit, at its field.
  return bodyTooLarge(context.request, takesPicture(context.url.pathname));
});

/**
 * Astro sends an on-demand page's CSP as a header, which replaces the one the Node server set (main.ts): put back
 * what only a header can say (frame-ancestors), so no page can be framed.
 */
const framing = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered) return response;
  const csp = response.headers.get('Content-Security-Policy');
  if (csp) response.headers.set('Content-Security-Policy', withFrameAncestors(csp));
  return response;
});

/**
 * Who is logged in, for every page rendered on demand: the session cookies read (an expired access token renewed
 * by the refresh cookie) into `locals.account`. A protected page (My account, My booking, Passenger list) seen
 * while logged out goes to the root path (server/http/guard.ts), on the server, before anything renders.
 */
const session = defineMiddleware(async (context, next) => {
  if (context.isPrerendered || !readsSession(context.url.pathname)) return next();
  // Every page's posts count their limits (logins, sign-ups) per client address.
  rememberClientAddress(context.request, context.clientAddress);
  const jar = astroJar(context.cookies);
  const hasSession = jar.get(SESSION_COOKIE) !== undefined || jar.get(REFRESH_COOKIE) !== undefined;
  if (hasSession) context.locals.account = await sessionHolder(context.locals.deps, jar, context.request);
  // The start page says why (the page asked for is for account holders) and offers to log in and come back to it.
  if (isProtectedPath(context.url.pathname) && !context.locals.account)
    return context.redirect(
      `${localizePath('/', context.locals.locale)}?login=${encodeURIComponent(context.url.pathname)}`,
      302,
    );
  const response = await next();
  // A page read with a session (whose cookies may just have been renewed) is that person's alone: no cache on the
  // way may keep it, whatever the page said.
  if (hasSession || isProtectedPath(context.url.pathname))
    response.headers.set('Cache-Control', 'private, no-store');
  return response;
});

/** Dynamic HTML and JSON leave compressed; static files are compressed at build and served by src/server/main.ts. */
const compress = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const response = await next();
  return await compressResponse(context.request, response);
});

/**
 * A page with islands names their modules in its head (prerendered pages at build, the others as they render). The
 * head can only be written once the islands further down are known, so the page is read whole first: Astro runs
 * the page's data loading before it sends any HTML anyway, so this holds nothing back that would have streamed.
 * An encoded body (a rewritten page that went through compress already) is left alone.
 */
const preloadIslands = defineMiddleware(async (_context, next) => {
  const response = await next();
  const html = response.headers.get('Content-Type')?.startsWith('text/html') ?? false;
  if (!html || !response.body || response.headers.has('Content-Encoding') || !hasIslandPreloads())
    return response;
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  return new Response(withIslandPreloads(await response.text()), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
});

// The Node server's way to the API without the pages' machinery (server/http/api-door.ts), open as the bundle loads.
openApiDoor(
  (request, clientAddress) => answerApiCompressed(request, clientAddress, runtimeDeps()),
  (path) => apiRead(path, runtimeDeps()),
);

export const onRequest = sequence(
  observe,
  localize,
  databaseAway,
  limitBodies,
  session,
  framing,
  compress,
  preloadIslands,
);
