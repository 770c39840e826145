import type { IncomingMessage, ServerResponse } from 'node:http';
import { accessLog } from './log.ts';
import { observeRequest } from './metrics.ts';
import { inScope, requestIdFrom, type RequestScope } from './request-scope.ts';

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
    const route = scope.route ?? 'static';
    observeRequest(method, route, aborted ? 'aborted' : String(res.statusCode), seconds);
    const line = { method, route, status: res.statusCode, ms: Math.round(seconds * 10_000) / 10, aborted };
    const probe = PROBES.has(route);
    inScope(scope, () => {
      accessLog[probe ? 'debug' : 'info'](line, 'request');
    });
  };
  res.once('finish', () => {
    finish(false);
  });
  res.once('close', () => {
    finish(!res.writableFinished);
  });
  inScope(scope, handle);
}
