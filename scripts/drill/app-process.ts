// The production server (`node src/server/main.ts`, the built dist/) as one process of several: started, stopped
// with SIGTERM as an orchestrator does in a rolling restart, and started again.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Linux counts CPU time in clock ticks of 10 ms (CLK_TCK 100 on every x86_64 kernel). */
const MS_PER_TICK = 10;

/** User and system CPU time (ms) of process `pid` so far (fields 14 and 15 of /proc/<pid>/stat). */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return 0; // gone
  }
}

export class AppProcess {
  private child: ChildProcess | undefined;
  readonly log: string[] = [];
  private stopping = false;

  readonly port: number;
  private readonly env: NodeJS.ProcessEnv;

  constructor(port: number, env: NodeJS.ProcessEnv) {
    this.port = port;
    this.env = env;
  }

  /** Starts the process and waits until it says it is ready (`GET /api/ready`). */
  async start(): Promise<void> {
    this.stopping = false;
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      env: { ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.log.push(...chunk.toString().split('\n').filter(Boolean));
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    this.child = child;
    child.once('exit', (code, signal) => {
      if (this.stopping) return;
      console.error(
        `process on ${String(this.port)} exited by itself (${String(code ?? signal)}); its last words:`,
      );
      console.error(this.log.slice(-40).join('\n'));
    });
    for (let attempt = 0; attempt < 300; attempt++) {
      if (child.exitCode !== null)
        throw new Error(`app on ${String(this.port)} exited: ${this.log.join('\n')}`);
      try {
        if ((await fetch(`http://127.0.0.1:${String(this.port)}/api/ready`)).ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`app on ${String(this.port)} never became ready`);
  }

  /** SIGTERM, and the milliseconds until the process had drained and exited. */
  async terminate(): Promise<number> {
    const child = this.child;
    if (child?.exitCode !== null) return 0;
    this.stopping = true;
    const started = performance.now();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    return performance.now() - started;
  }

  /** CPU time (ms, user and system) the process has used so far, from /proc. */
  cpuMs(): number {
    const pid = this.child?.pid;
    return pid === undefined ? 0 : processCpuMs(pid);
  }

  get running(): boolean {
    return this.child?.exitCode === null;
  }
}
