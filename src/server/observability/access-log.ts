import type { IncomingMessage, ServerResponse } from 'node:http';
import { accessLog } from './log.ts';
import { observeRequest } from './metrics.ts';
import { inScope, requestIdFrom, type RequestScope } from './request-scope.ts';
import { instantText } from '../../domain/instant-text.ts';

/** How a request ended, as its access line says. */
export interface AccessOutcome {
  method: string;
  status: number;
  ms: number;
  aborted: boolean;
}

/** A request the router named nothing (a static file) is logged under this route. */
const UNNAMED_ROUTE = 'static';

/**
 * An access line as pino writes `log.info({ method, route, ...}, 'request')` in the request's scope, byte for byte
 * (log.test.ts compares them), put together directly: pino's general path (the scope's mixin, formatters, an object
 * of any shape) was three quarters of a line's cost (`npm run bench:lean`). Pino put the scope's fields first, so a
 * named route comes before the method and an unnamed one after it. Strings are JSON-quoted; the rest are numbers.
 */
export function accessLineText(
  level: 'info' | 'debug',
  scope: Pick<RequestScope, 'requestId' | 'route'>,
  outcome: AccessOutcome,
  at: Date,
): string {
  const method = `"method":${JSON.stringify(outcome.method)}`;
  const route = `"route":${JSON.stringify(scope.route ?? UNNAMED_ROUTE)}`;
  const methodAndRoute = scope.route === undefined ? `${method},${route}` : `${route},${method}`;
  return (
    `{"level":"${level}","time":"${instantText(at)}","pid":${String(process.pid)},` +
    `"requestId":${JSON.stringify(scope.requestId)},${methodAndRoute},` +
    `"status":${String(outcome.status)},"ms":${String(outcome.ms)},` +
    `"aborted":${String(outcome.aborted)},"msg":"request"}\n`
  );
}

/** Asked every second by each proxy and monitor: counted, but logged only at `debug`, or they would bury the rest. */
const PROBES = new Set(['/api/ready', '/api/health']);

/**
 * Handles one request of the Node server (main.ts) in a request scope of its own: the id the proxy gave it (or a new
 * one), answered in `X-Request-Id`, on every log line and row written meanwhile. When the answer is sent (or the
 * client went away first), one access line and the request metrics: method, route pattern, status, milliseconds.
 * The path and the client's address are not logged (paths carry booking codes and e-mail addresses).
 */
export function handleInScope(
  req: IncomingMessage,
  res: ServerResponse,
  trustProxy: boolean,
  handle: () => void,
): void {
  const scope: RequestScope = { requestId: requestIdFrom(req.headers['x-request-id'], trustProxy) };
  res.setHeader('X-Request-Id', scope.requestId);
  const started = performance.now();
  let done = false;
  const finish = (aborted: boolean) => {
    if (done) return;
    done = true;
    const seconds = (performance.now() - started) / 1000;
    const method = req.method ?? 'GET';
    const route = scope.route ?? UNNAMED_ROUTE;
    observeRequest(method, route, aborted ? 'aborted' : String(res.statusCode), seconds);
    const level = PROBES.has(route) ? 'debug' : 'info';
    if (!accessLog.writes(level)) return;
    const ms = Math.round(seconds * 10_000) / 10;
    accessLog.write(
      accessLineText(level, scope, { method, status: res.statusCode, ms, aborted }, new Date()),
    );
  };
  res.once('finish', () => {
    finish(false);
  });
  res.once('close', () => {
    finish(!res.writableFinished);
  });
  inScope(scope, handle);
}
