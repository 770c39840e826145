// Starts and stops the API server processes of the concurrency tests (support/api-process.ts), each on its own
// free port and all on one PostgreSQL database, like production processes behind a load balancer.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ApiProcess {
  url: string;
  child: ChildProcess;
}

export function startApi(databaseUrl: string, skipLock: boolean, gatewayDelayMs = 0): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['tests/concurrency/support/api-process.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'test',
      TEST_SKIP_SEAT_LOCK: skipLock ? '1' : '0',
      TEST_GATEWAY_DELAY_MS: String(gatewayDelayMs),
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
