/**
 * Whether this process is draining: it got SIGTERM and finishes what it has while the proxy stops sending it new
 * requests (`GET /api/ready` answers 503 from then on, and the proxy's health check follows it within a second).
 * Kept on `globalThis` because the Node entry (src/server/main.ts) and the built server bundle each load their own
 * copy of this module, and both must see the one flag of the process.
 */
const DRAINING = Symbol.for('segara-ferry.draining');

type WithFlag = typeof globalThis & { [DRAINING]?: boolean };

export function startDraining(): void {
  (globalThis as WithFlag)[DRAINING] = true;
}

export function isDraining(): boolean {
  return (globalThis as WithFlag)[DRAINING] === true;
}
