// HAProxy (Debian's) in front of the app processes, as a deployment's proxy would stand: it checks each process's
// readiness every 400 ms and sends requests only to the ready ones; a process that closed its port is skipped.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Debian's haproxy, installed on first use (the drill runs on demand, not in CI). */
export function ensureHaproxy(): void {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
  } catch {
    console.log('installing haproxy (Debian package)');
    execFileSync('apt-get', ['update', '-q'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-q', 'haproxy'], { stdio: 'inherit' });
  }
}

export function haproxyConfig(port: number, appPorts: number[]): string {
  return `global
  maxconn 2000
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout http-keep-alive 5s
  # A request whose connection a process refused goes to another one (it never reached that process). Nothing
  # more: a request cut off unanswered is not sent again, so a process that stopped without draining shows.
  retries 3
  option redispatch
  retry-on conn-failure
  option forwardfor
frontend web
  bind 127.0.0.1:${String(port)}
  default_backend app
backend app
  balance roundrobin
  option httpchk
  http-check send meth GET uri /api/ready
  http-check expect status 200
  # Down after two failed checks (a 503 while draining, or no answer in 2 s: a process busy under load is not a
  # dead one), so a draining process is left within about 1 s, inside its SHUTDOWN_DRAIN_SECONDS.
  timeout check 2s
  default-server inter 400ms fall 2 rise 2
${appPorts.map((p, i) => `  server app${String(i + 1)} 127.0.0.1:${String(p)} check`).join('\n')}
`;
}

export interface Proxy {
  child: ChildProcess;
  /** What HAProxy said: each server marked down or up, and why. */
  log: string[];
}

/** HAProxy on `port` in front of `appPorts`, in the foreground of a child process (stopped by the drill). */
export function startHaproxy(folder: string, port: number, appPorts: number[]): Proxy {
  const file = join(folder, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(port, appPorts));
  execFileSync('haproxy', ['-c', '-q', '-f', file], { stdio: 'inherit' });
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  const log: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => log.push(...chunk.toString().split('\n').filter(Boolean)));
  return { child, log };
}

/**
 * How the servers left the proxy in `lines`: `drained` when their readiness said 503 (the proxy followed it), and
 * `cut` when their port closed first (it did not).
 */
export function departures(lines: string[]): { drained: number; cut: number } {
  const down = lines.filter((line) => line.includes(' is DOWN, reason: '));
  return {
    drained: down.filter((line) => line.includes('Layer7 wrong status, code: 503')).length,
    cut: down.filter((line) => line.includes('Layer4')).length,
  };
}
