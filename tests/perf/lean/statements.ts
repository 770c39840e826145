// What the bare servers of `npm run bench:lean` replay: the statements the product's own code sends, as pg's client
// is handed them by Drizzle (the config: text, statement name, row mode, parsers; and the values).
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import pg from 'pg';

export type Statement = unknown[];
export interface Querying {
  query: (...args: Statement) => Promise<unknown>;
}

let recording: Statement[] | undefined;
const client = pg.Client.prototype as unknown as Querying;
const clientQuery = client.query;
client.query = function (this: unknown, ...args: Statement) {
  // Without the pool's callback (a statement sent through the pool has one): replayed, it must answer a promise.
  recording?.push(args.filter((arg) => typeof arg !== 'function'));
  return clientQuery.apply(this, args);
};

/** The statements `work` sends, in order (one piece of work at a time). */
export async function statementsOf(work: () => Promise<unknown>): Promise<Statement[]> {
  recording = [];
  try {
    await work();
    return recording;
  } finally {
    recording = undefined;
  }
}

/** A pool of the product's size, to replay statements on: each on its own (`query`), or on one connection. */
export function replayPool(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.DB_POOL_MAX ?? 10) });
  return {
    query: (...args: Statement) => (pool as unknown as Querying).query(...args),
    /** `statements` in order on one connection (a transaction's BEGIN and COMMIT among them, if any). */
    async inOrder(statements: Statement[], values: (statement: Statement) => unknown) {
      const client = await pool.connect();
      try {
        for (const statement of statements)
          await (client as unknown as Querying).query(statement[0], values(statement));
      } finally {
        client.release();
      }
    },
  };
}

/** The headers worth sending again; Node writes its own Date, Connection and framing (Content-Length here). */
export function replayable(headers: IncomingHttpHeaders | Headers): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  const dropped = ['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'];
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [name, value] of entries) if (value !== undefined && !dropped.includes(name)) kept[name] = value;
  return kept;
}

/** Sends a recorded answer's status and headers with `body` once it is ready; a failed replay is a bare 500. */
export function sendRecorded(
  res: ServerResponse,
  answer: { status: number; headers: Record<string, string | string[]> },
  body: Promise<Buffer>,
): void {
  body.then(
    (bytes) => {
      res.writeHead(answer.status, { ...answer.headers, 'content-length': bytes.length });
      res.end(bytes);
    },
    (error: unknown) => {
      console.error(error);
      res.writeHead(500).end();
    },
  );
}
