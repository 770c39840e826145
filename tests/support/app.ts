import { createApp } from '../../src/server/http/app.ts';
import type { Database } from '../../src/server/db/client.ts';
import { Network } from '../../src/server/network.ts';

/** The API as the server mounts it, on a test database and a fixed clock. */
export function testApp(db: Database, now: Date = new Date()) {
  return createApp({
    database: () => Promise.resolve(db),
    network: new Network(),
    clock: () => now,
    horizonDays: 120,
  });
}
