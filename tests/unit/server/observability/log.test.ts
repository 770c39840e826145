import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { accessLineText } from '../../../../src/server/observability/access-log.ts';
import { createLog } from '../../../../src/server/observability/log.ts';
import { inScope, requestIdFrom } from '../../../../src/server/observability/request-scope.ts';

function collected(options?: { masked: boolean }) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as never);
      done();
    },
  });
  return { lines, log: createLog(stream, 'info', options) };
}

describe('the process log', () => {
  it('writes one JSON line per event, with the request scope it was written in', () => {
    const { lines, log } = collected();
    inScope({ requestId: 'req-12345678', route: '/api/bookings/:id' }, () => {
      log.info({ status: 200 }, 'request');
    });
    log.info('outside');
    expect(lines[0]).toMatchObject({
      level: 'info',
      requestId: 'req-12345678',
      route: '/api/bookings/:id',
      status: 200,
      msg: 'request',
    });
    expect(lines[1]).not.toHaveProperty('requestId');
    expect(typeof lines[0]?.time).toBe('string');
  });

  it('masks what names a person, in fields, in errors and in the message itself', () => {
    const { lines, log } = collected();
    log.error(
      {
        err: new Error('rejected siti@example.co.id'),
        contactPhone: '+6281234567890',
        passportNumber: 'A1234567',
      },
      'mail to siti@example.co.id failed',
    );
    const written = JSON.stringify(lines[0]);
    expect(written).not.toMatch(/siti@|81234567890|A1234567/);
    expect(lines[0]).toMatchObject({ msg: 'mail to s•••@example.co.id failed', contactPhone: '•••890' });
    expect(lines[0]?.err).toMatchObject({ type: 'Error', message: 'rejected s•••@example.co.id' });
  });

  it('writes the access log as the server wrote it, with the request scope, and no time spent masking', () => {
    const { lines, log } = collected({ masked: false });
    inScope({ requestId: 'req-12345678', route: '/api/schedules' }, () => {
      // Nothing of a person's is ever in an access line; here a value masking would change, to show it is left.
      log.info(
        { method: 'GET', route: '/api/schedules', status: 200, ms: 3.2, probe: 'ops@segara.example' },
        'request',
      );
    });
    expect(lines[0]?.probe).toBe('ops@segara.example');
    expect(lines[0]).toMatchObject({
      requestId: 'req-12345678',
      route: '/api/schedules',
      method: 'GET',
      status: 200,
      ms: 3.2,
      msg: 'request',
    });
  });

  it.each([
    ['info', { requestId: 'f1987e9a-adb3-4bda-b5b4-59269bf3f236', route: '/api/schedules' }, 200, false],
    ['debug', { requestId: 'caddy-0a1b2c3d4e', route: '/api/ready' }, 503, true],
    // No route named (a static file): pino put the scope's fields first, so the route comes after the method.
    ['info', { requestId: 'f1987e9a-adb3-4bda-b5b4-59269bf3f236' }, 304, false],
  ] as const)(
    'puts an access line together byte for byte as pino writes it (%s, %j)',
    (level, scope, status, aborted) => {
      vi.useFakeTimers({ now: new Date('2026-11-28T07:32:55.994Z') });
      try {
        const written: string[] = [];
        const stream = new Writable({
          write(chunk: Buffer, _encoding, done) {
            written.push(chunk.toString());
            done();
          },
        });
        const log = createLog(stream, 'debug', { masked: false });
        const outcome = { method: 'GET', status, ms: 3.2, aborted };
        inScope({ ...scope }, () => {
          const { method, ...rest } = outcome;
          log[level]({ method, route: 'route' in scope ? scope.route : 'static', ...rest }, 'request');
        });
        expect(accessLineText(level, scope, outcome, new Date())).toBe(written.join(''));
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('leaves out what is below its level', () => {
    const { lines, log } = collected();
    log.debug('probe');
    expect(lines).toEqual([]);
  });
});

describe('a request’s id', () => {
  it('is the trusted proxy’s when well formed, else a new one', () => {
    expect(requestIdFrom('caddy-0a1b2c3d4e', true)).toBe('caddy-0a1b2c3d4e');
    expect(requestIdFrom('caddy-0a1b2c3d4e', false)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom('bad id\r\nX-Evil: 1', true)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom('short', true)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(undefined, true)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
