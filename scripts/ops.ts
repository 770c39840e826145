// `npm run ops -- <command>`: what the agency does from a terminal until the staff console has a screen for it.
//   anomalies [--limit N]   signed gateway callbacks that could not be applied (newest first)
// On the embedded database (PGlite, no DATABASE_URL) stop the server first: one folder takes one process.
import { desc } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { paymentAnomalies } from '../src/server/db/schema/payments.ts';

const [command, ...rest] = process.argv.slice(2);
const config = loadConfig();

async function serverIsUp(): Promise<boolean> {
  const host = ['0.0.0.0', '::'].includes(config.HOST) ? '127.0.0.1' : config.HOST;
  try {
    await fetch(`http://${host}:${String(config.PORT)}/api/health`, { signal: AbortSignal.timeout(500) });
    return true;
  } catch {
    return false;
  }
}

if (command !== 'anomalies') {
  console.log('usage: npm run ops -- anomalies [--limit N]');
  process.exit(command ? 2 : 0);
}
if (!config.DATABASE_URL && (await serverIsUp())) {
  console.error(
    'The server is running on the embedded database: stop it first (one PGlite folder, one process).',
  );
  process.exit(1);
}
const limitAt = rest.indexOf('--limit');
const limit = limitAt >= 0 ? Math.max(1, Number(rest[limitAt + 1]) || 50) : 50;
const handle = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
try {
  const rows = await handle.db
    .select()
    .from(paymentAnomalies)
    .orderBy(desc(paymentAnomalies.receivedAt))
    .limit(limit);
  if (rows.length === 0) console.log('No payment anomalies.');
  for (const row of rows)
    console.log(
      `${row.receivedAt.toISOString()}  ${row.gateway}  ${row.reason}\n  ${row.body.slice(0, 500)}\n`,
    );
} finally {
  await handle.close();
}
