// Production entry: `node src/server/main.ts` after `npm run build`. Static files come pre-compressed from
// dist/client; the API goes to its own door (http/api-door.ts); everything else to the Astro handler.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { AnnouncementFeed, readAnnouncementsFrom } from './announcements/feed.ts';
import { announcementInserter } from './announcements/page-insert.ts';
import { assertBoardingPassKeyGiven, assertSiteUrlGiven, loadConfig } from './config.ts';
import { localeFromPath } from '../i18n/locales.ts';
import { IMMUTABLE, NO_CACHE, REVALIDATE } from './http/cache-control.ts';
import { applySecurityHeaders } from './http/security-headers.ts';
import { assertGatewayAllowed } from './payments/sandbox-safety.ts';
import { assertInstallationSecretsGiven } from './installation-secret.ts';
import { closeProcess, isDraining, startDraining } from './http/readiness.ts';
import { answerError, serveApi } from './http/node-door.ts';
import { handleInScope } from './observability/access-log.ts';
import { log } from './observability/log.ts';
import { serveMetrics } from './observability/metrics-server.ts';
import { appVersion } from '../app-version.ts';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const config = loadConfig();
// A demo gateway never serves production by accident (it would confirm bookings nobody paid for), and links in
// mails never point at localhost, and boarding passes are never signed with the development key anyone can read.
assertGatewayAllowed(config);
assertSiteUrlGiven(config);
assertBoardingPassKeyGiven(config);
assertInstallationSecretsGiven(config);
const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
// Where the pages read the client build's module list from (src/server/http/island-preloads.ts).
process.env.CLIENT_DIR ??= `${dist}client`;
// The built bundle owns every module under src/ it needs; importing it (and not src/ again) keeps one copy of each.
const { handler: astroHandler } = (await import(`${dist}server/entry.mjs`)) as { handler: NodeHandler };

const serveStatic = sirv(`${dist}client`, {
  etag: true,
  brotli: true,
  gzip: true,
  extensions: ['html'],
  setHeaders(res, pathname) {
    if (pathname === '/sw.js') res.setHeader('Cache-Control', NO_CACHE);
    else res.setHeader('Cache-Control', pathname.startsWith('/_astro/') ? IMMUTABLE : REVALIDATE);
  },
});

/** A path's decoded form, or undefined when it is not valid percent-encoded UTF-8. */
function decodedPath(path: string): string | undefined {
  try {
    return decodeURI(path);
  } catch {
    return undefined;
  }
}

/**
 * A path that is not valid percent-encoded UTF-8 (`/%zz`, `/%ff`), or that decodes to control characters
 * (`/api/bookings/%0D%0AX`), names no page. Astro would log an error for each one (a flood anyone can cause), or
 * answer the HTML 404 page under /api/; answer it here instead: the API's JSON 404, or the 404 page in the path's
 * language.
 */
function malformedPath(req: IncomingMessage, res: ServerResponse): boolean {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const decoded = decodedPath(path);
  if (decoded !== undefined && !/\p{Cc}/u.test(decoded)) return false;
  if (path.startsWith('/api/')) {
    answerError(req, res, 404, 'api_not_found');
    return true;
  }
  req.url = localeFromPath(path) === 'id' ? '/id/not-found' : '/not-found';
  return false;
}

/** This server's own address, once it listens: the announcements are read from its API. */
let selfOrigin: string | undefined;
const feed = new AnnouncementFeed(() =>
  selfOrigin ? readAnnouncementsFrom(selfOrigin) : Promise.reject(new Error('not listening yet')),
);
// Pre-rendered pages with a live announcement get it inserted as they are served (announcements/page-insert.ts).
const withAnnouncements = announcementInserter({ root: `${dist}client`, feed });

function render(req: IncomingMessage, res: ServerResponse) {
  astroHandler(req, res).catch((error: unknown) => {
    log.error({ err: error }, 'unhandled error while rendering');
    if (!res.headersSent) res.writeHead(500).end();
  });
}

function serve(req: IncomingMessage, res: ServerResponse) {
  applySecurityHeaders(req, res, config.TRUST_PROXY);
  // Draining: answer, then close the connection, so a proxy's kept-alive connection moves to another process.
  if (isDraining()) res.setHeader('Connection', 'close');
  if (malformedPath(req, res)) return;
  if (serveApi(req, res, config.TRUST_PROXY)) return;
  withAnnouncements(req, res).then(
    (served) => {
      if (!served)
        serveStatic(req, res, () => {
          render(req, res);
        });
    },
    (error: unknown) => {
      log.error({ err: error }, 'announcements: could not insert; serving the page without them');
      if (!res.headersSent)
        serveStatic(req, res, () => {
          render(req, res);
        });
    },
  );
}

// Each request in a scope of its own: its id on every log line and row it writes, and its access line and metrics.
const server = createServer((req, res) => {
  handleInScope(req, res, config.TRUST_PROXY, () => {
    serve(req, res);
  });
});
// A proxy keeps its connections to the app open between requests (deploy/Caddyfile: 60 s, as cloud load balancers
// do): were Node to close an idle one first (its default: after 5 s, 6 with Node 24's buffer), a request the proxy
// sent on it as it closed would be reset, a 502 for the traveller and a payment's POST not retried. Idle
// connections stay 75 s here (the time allowed for a request's headers is separate, and stays Node's).
server.keepAliveTimeout = 75_000;
const metricsServer =
  config.METRICS_PORT === undefined ? undefined : serveMetrics(config.METRICS_PORT, config.METRICS_HOST);

server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  log.info(
    { port, host: config.HOST, version: appVersion },
    `Segara Ferry listening on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`,
  );
  // One request through the app opens the database and starts the background jobs before the first visitor.
  const self = ['0.0.0.0', '::'].includes(config.HOST) ? '127.0.0.1' : config.HOST;
  selfOrigin = `http://${self.includes(':') ? `[${self}]` : self}:${String(port)}`;
  fetch(`${selfOrigin}/api/health`).catch((error: unknown) => {
    log.error({ err: error }, 'warm-up request failed');
  });
});

let stopping = false;
/**
 * SIGTERM (a rolling restart): say "not ready" (`GET /api/ready` is 503) and keep serving for SHUTDOWN_DRAIN_SECONDS
 * while the proxy's health check moves new requests to the other processes, then stop taking connections, let the
 * open requests and the jobs' work under way finish (at most SHUTDOWN_GRACE_SECONDS in all), close the database and
 * exit. SIGINT (Ctrl-C at a terminal) skips the wait.
 */
function shutdown(signal: string, drainSeconds: number) {
  if (stopping) return;
  stopping = true;
  startDraining();
  log.info({ signal, drainSeconds }, 'stopping: draining, then finishing open requests');
  setTimeout(() => {
    // A request that began before the drain ends on a kept-alive connection, idle for 75 s: closed as it goes idle,
    // so the open requests finishing is what ends the wait, not the keep-alive timeout.
    const closeIdle = setInterval(() => {
      server.closeIdleConnections();
    }, 250);
    server.close(() => {
      clearInterval(closeIdle);
      // The open requests are done: end the jobs' work under way and close the database, then go.
      closeProcess().then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'closing the jobs and the database failed');
          process.exit(0);
        },
      );
    });
    server.closeIdleConnections();
    metricsServer?.close();
    setTimeout(() => {
      log.warn('open requests did not finish in time; stopping anyway');
      server.closeAllConnections();
      process.exit(0);
    }, config.SHUTDOWN_GRACE_SECONDS * 1000).unref();
  }, drainSeconds * 1000);
}
process.on('SIGTERM', () => {
  shutdown('SIGTERM', config.SHUTDOWN_DRAIN_SECONDS);
});
process.on('SIGINT', () => {
  shutdown('SIGINT', 0);
});
