// Starts and stops the API server processes of the concurrency tests (support/api-process.ts), each on its own
// free port and all on one PostgreSQL database, like production processes behind a load balancer.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ApiProcess {
  url: string;
  child: ChildProcess;
}

export interface ApiOptions {
  /** The seat lock off (hold_seats without FOR UPDATE): proves a test catches the oversell. */
  skipLock?: boolean;
  /** The sandbox gateway takes up to this long to issue a VA, as a real one does. */
  gatewayDelayMs?: number;
  /** Every decision reads the time the request arrived, not the time its locks were granted (the old bug). */
  clockAtArrival?: boolean;
}

export function startApi(databaseUrl: string, options: ApiOptions = {}): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['tests/concurrency/support/api-process.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'test',
      TEST_SKIP_SEAT_LOCK: options.skipLock ? '1' : '0',
      TEST_GATEWAY_DELAY_MS: String(options.gatewayDelayMs ?? 0),
      TEST_CLOCK_AT_ARRIVAL: options.clockAtArrival ? '1' : '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      reject(new Error(`API process exited with ${String(code)}`));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      const port = /^listening (\d+)$/.exec(line)?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}`, child });
    });
  });
}

export function stop(api: ApiProcess): Promise<void> {
  return new Promise((resolve) => {
    api.child.once('exit', () => {
      resolve();
    });
    api.child.kill('SIGTERM');
  });
}
