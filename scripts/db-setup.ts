// `npm start` runs this before the server: migrate the database (PGlite under data/ by default, or DATABASE_URL),
// load the sample network and create the dated sailings of the rolling horizon. Safe to run again.
import { mkdirSync } from 'node:fs';
import { WEB_CLIENT_GRANTS, WEB_CLIENT_ID, upsertOAuthClient } from '../src/server/auth/clients.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { extendSailings, upsertNetwork } from '../src/server/db/seed.ts';
import { assertInstallationSecretsGiven, installationSecret } from '../src/server/installation-secret.ts';
import { loadNetworkData } from '../src/server/network-data.ts';

const config = loadConfig();
// A one-shot migration in front of several replicas must register the secret they are given, not make one.
assertInstallationSecretsGiven(config);
if (!config.DATABASE_URL && !config.PGLITE_DIR.startsWith('memory://'))
  mkdirSync(config.PGLITE_DIR, { recursive: true });
const handle = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
try {
  const started = performance.now();
  await migrateDatabase(handle);
  const network = loadNetworkData();
  await upsertNetwork(handle.db, network);
  const added = await extendSailings(handle.db, network, new Date(), config.SAILING_HORIZON_DAYS);
  // The web app's own OAuth client, with this installation's secret (the server asks for its client token with it).
  await upsertOAuthClient(handle.db, {
    id: WEB_CLIENT_ID,
    name: 'Segara Ferry web app',
    secret: installationSecret(config.WEB_CLIENT_SECRET, config.WEB_CLIENT_SECRET_FILE),
    grants: WEB_CLIENT_GRANTS,
  });
  const where = handle.kind === 'postgres' ? 'PostgreSQL' : config.PGLITE_DIR;
  console.log(
    `database ready (${where}): ${added} sailings added, ${Math.round(performance.now() - started)} ms`,
  );
} finally {
  await handle.close();
}
