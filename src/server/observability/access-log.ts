import type { IncomingMessage, ServerResponse } from 'node:http';
import { accessLog } from './log.ts';
import { observeRequest } from './metrics.ts';
import { inScope, requestIdFrom, type RequestScope } from './request-scope.ts';

/** What one access line says. */
export interface AccessLine {
  requestId: string;
  route: string;
  method: string;
  status: number;
  ms: number;
  aborted: boolean;
}

/**
 * An access line as pino writes `log.info(line, 'request')` in the request's scope (log.test.ts compares them), put
 * together directly: pino's generic path (scope mixin, formatters, serializing an object of any shape) was three
 * quarters of a line's cost (`npm run bench:lean`). The strings are JSON-quoted; the rest are numbers and booleans.
 */
export function accessLineText(level: 'info' | 'debug', line: AccessLine, at: Date): string {
  return (
    `{"level":"${level}","time":"${at.toISOString()}","pid":${String(process.pid)},` +
    `"requestId":${JSON.stringify(line.requestId)},"route":${JSON.stringify(line.route)},` +
    `"method":${JSON.stringify(line.method)},"status":${String(line.status)},"ms":${String(line.ms)},` +
    `"aborted":${String(line.aborted)},"msg":"request"}\n`
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
    const route = scope.route ?? 'static';
    observeRequest(method, route, aborted ? 'aborted' : String(res.statusCode), seconds);
    const level = PROBES.has(route) ? 'debug' : 'info';
    if (!accessLog.writes(level)) return;
    const ms = Math.round(seconds * 10_000) / 10;
    const line = { requestId: scope.requestId, route, method, status: res.statusCode, ms, aborted };
    accessLog.write(accessLineText(level, line, new Date()));
  };
  res.once('finish', () => {
    finish(false);
  });
  res.once('close', () => {
    finish(!res.writableFinished);
  });
  inScope(scope, handle);
}
