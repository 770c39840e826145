/**
 * The API's own door for the Node server (src/server/main.ts): requests under `/api/` go straight to the Hono app,
 * without Astro's page machinery (its Request conversion, routing and the pages' middleware), which cost more than
 * the search itself (`npm run bench:lean`, docs/capacity.md). What the pages' middleware gave the API, the door
 * gives it: the client's address, the process's dependencies, compression, `frame-ancestors` on an answer's own CSP
 * (node-door.ts); the Node server gives every response its security headers, request id, access line and metrics.
 * A path with a trailing slash still goes through Astro, which redirects it.
 *
 * The built bundle opens the door (src/middleware.ts, which builds the dependencies, as it loads) and the Node entry
 * goes through it, so it is kept on `globalThis` (as http/readiness.ts keeps the draining flag): the two load their
 * own copy of this module. Until it is open (`astro dev` never opens it), the API is served through Astro.
 */
export type ApiDoor = (request: Request, clientAddress: string | undefined) => Promise<Response>;

const DOOR = Symbol.for('segara-ferry.api-door');
type WithDoor = typeof globalThis & { [DOOR]?: ApiDoor | undefined };

/** Opens the door (undefined closes it again: the tests). */
export function openApiDoor(door: ApiDoor | undefined): void {
  (globalThis as WithDoor)[DOOR] = door;
}

export function apiDoor(): ApiDoor | undefined {
  return (globalThis as WithDoor)[DOOR];
}
