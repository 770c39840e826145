import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * What one request (or one run of a job) is known by in the logs and in the rows it writes: its id, the route it
 * matched (a pattern, never the path: paths carry booking codes and e-mail addresses), and the job, if a job runs it.
 */
export interface RequestScope {
  requestId: string;
  route?: string;
  job?: string;
}

/**
 * One store per process on `globalThis`: the Node server (main.ts) opens the scope, and the built Astro bundle,
 * which carries its own copy of every module under src/, reads it (as http/readiness.ts does its flags).
 */
const KEY = Symbol.for('segara.request-scope');
const shared = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestScope> };
const storage = shared[KEY] ?? (shared[KEY] = new AsyncLocalStorage<RequestScope>());

/** The scope the running code belongs to, if any. */
export function currentScope(): RequestScope | undefined {
  return storage.getStore();
}

/** The running request's (or job run's) id, for a row it writes: undefined outside any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/**
 * Runs `work` outside any scope: what it starts to run later (the jobs' timer, opened with the database by the
 * first request) must not belong to the request that happened to start it, for the life of the process.
 */
export function outsideScope<T>(work: () => T): T {
  return storage.exit(work);
}

/** Runs `work` in `scope`: everything it awaits, and every log line it writes, belongs to it. */
export function inScope<T>(scope: RequestScope, work: () => T): T {
  return storage.run(scope, work);
}

/** Names the matched route of the running request (the last to name it wins: the API's own router is finer). */
export function nameRoute(route: string): void {
  const scope = storage.getStore();
  if (scope) scope.route = route;
}

/** A proxy's request id as we keep it: printable, short, nothing a log line or a mail header could be split by. */
const ACCEPTED_ID = /^[\w.:-]{8,128}$/;

/**
 * The id of an arriving request: the one the proxy set (`X-Request-Id`, when the proxy is trusted and the id well
 * formed), so its access log and ours name the same request; else a new one.
 */
export function requestIdFrom(header: string | string[] | undefined, trustProxy: boolean): string {
  const given = Array.isArray(header) ? header[0] : header;
  return trustProxy && given !== undefined && ACCEPTED_ID.test(given) ? given : randomUUID();
}

/** A job run's own id, when no request started it (a sweep): `job-` and a new UUID. */
export function jobRunId(): string {
  return `job-${randomUUID()}`;
}
