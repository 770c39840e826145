import type { Read } from './plain-answer.ts';

/**
 * The API's own door for the Node server (src/server/main.ts): requests under `/api/` go straight to the Hono app,
 * without Astro's page machinery (its Request conversion, routing and the pages' middleware), which cost more than
 * the search itself (`npm run bench:lean`, docs/capacity.md). What the pages' middleware gave the API, the door
 * gives it: the client's address, the process's dependencies, compression, `frame-ancestors` on an answer's own CSP
 * (node-door.ts); the Node server gives every response its security headers, request id, access line and metrics.
 * A path with a trailing slash still goes through Astro, which redirects it. The reads (http/reads.ts) skip even the
 * Fetch request and Hono: the Node server answers them on its own request and response.
 *
 * The built bundle opens the door (src/middleware.ts, which builds the dependencies, as it loads) and the Node entry
 * goes through it, so it is kept on `globalThis` (as http/readiness.ts keeps the draining flag): the two load their
 * own copy of this module. Until it is open (`astro dev` never opens it), the API is served through Astro.
 */
export type ApiDoor = (request: Request, clientAddress: string | undefined) => Promise<Response>;
/** The reads (http/reads.ts) by path: what the Node server answers without a Fetch request. */
export type ApiReads = (path: string) => Read | undefined;

const DOOR = Symbol.for('segara-ferry.api-door');
const READS = Symbol.for('segara-ferry.api-reads');
type WithDoor = typeof globalThis & { [DOOR]?: ApiDoor | undefined; [READS]?: ApiReads | undefined };

/** Opens the door, and its reads (undefined closes them again: the tests). */
export function openApiDoor(door: ApiDoor | undefined, reads?: ApiReads): void {
  (globalThis as WithDoor)[DOOR] = door;
  (globalThis as WithDoor)[READS] = door ? reads : undefined;
}

export function apiDoor(): ApiDoor | undefined {
  return (globalThis as WithDoor)[DOOR];
}

export function apiReads(): ApiReads | undefined {
  return (globalThis as WithDoor)[READS];
}
