/**
 * The process's life as the Node entry and the server bundle share it. Whether this process is draining: it got SIGTERM and finishes what it has while the proxy stops sending it new
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

const CLOSE = Symbol.for('segara-ferry.close');

type WithClose = typeof globalThis & { [CLOSE]?: () => Promise<void> };

/** What ends this process's background work and closes its database (the server bundle's runtime registers it). */
export function onProcessClose(close: () => Promise<void>): void {
  (globalThis as WithClose)[CLOSE] = close;
}

/**
 * Stops the jobs, waits for the work under way, and closes the database: before the process exits, so a mail is
 * not sent again after a restart and the embedded database's folder is left clean for the next process or a backup.
 */
export async function closeProcess(): Promise<void> {
  await (globalThis as WithClose)[CLOSE]?.();
}
