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
  # A request whose process refused the connection or closed it unanswered (it was stopping) goes to another one:
  # for a process stopping as designed (drained, then closing idle connections), both mean it never read it.
  retries 3
  option redispatch
  retry-on conn-failure empty-response
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

/** HAProxy on `port` in front of `appPorts`, in the foreground of a child process (stopped by the drill). */
export function startHaproxy(folder: string, port: number, appPorts: number[]): ChildProcess {
  const file = join(folder, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(port, appPorts));
  execFileSync('haproxy', ['-c', '-q', '-f', file], { stdio: 'inherit' });
  return spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'inherit'] });
}
