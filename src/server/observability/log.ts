import pino, { type DestinationStream, type Logger } from 'pino';
import { maskForLog, maskText } from '../../domain/log-masking.ts';
import { currentScope } from './request-scope.ts';

/**
 * The process's log: one JSON object per line on stdout (pino), for the platform's collector. Every line written
 * while a request or a job runs carries its `requestId` (and `route`, `job`), from the scope (request-scope.ts), so
 * one request's lines, the mail it queued and the audit row it wrote are found by one id. Nothing personal leaves:
 * fields and messages pass through `maskForLog` (domain/log-masking.ts). `LOG_LEVEL`: trace to fatal, or silent.
 */
export function createLog(
  destination?: DestinationStream,
  level = process.env.LOG_LEVEL,
  { masked = true } = {},
): Logger {
  return pino(
    {
      // A level pino does not know would throw as this module loads; config.ts refuses it with the other settings.
      level:
        level !== undefined && level in pino.levels.values ? level : level === 'silent' ? 'silent' : 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // `maskForLog` has made every error a masked record already (type, message, stack, code, cause).
      serializers: { err: (value: unknown) => value },
      formatters: {
        level: (label) => ({ level: label }),
        // A line that cannot be masked says so rather than throw where it was written (often an error handler).
        log: (fields) => {
          if (!masked) return fields;
          try {
            return maskForLog(fields);
          } catch (error) {
            return { unmaskable: error instanceof Error ? error.name : 'unknown' };
          }
        },
      },
      mixin: () => {
        const scope = currentScope();
        return scope ? { ...scope } : {};
      },
      hooks: {
        // A message's own text is masked too: `mail to a@b.c failed` never reaches the log as written.
        logMethod(args, method) {
          if (!masked) {
            method.apply(this, args);
            return;
          }
          method.apply(
            this,
            args.map((arg) => (typeof arg === 'string' ? maskText(arg) : arg)) as Parameters<typeof method>,
          );
        },
      },
    },
    destination,
  );
}

/**
 * The access lines, one per request, leave standard output in batches: at 2 KB, or once a second. A write per line
 * cost a fifth of a search (`npm run bench:lean`). Each write holds whole lines and at most 4 KB, which a pipe (the
 * container's log) takes at once, so the other lines' writes never cut into one. Pino writes what is left as the
 * process exits (a crash included); a kill -9 or an out-of-memory abort loses up to a second of access lines.
 */
function batchedStdout(): DestinationStream {
  return pino.destination({ dest: 1, minLength: 2048, maxWrite: 4096, periodicFlush: 1000, sync: false });
}

/** Where access lines go (access-log.ts writes them whole, as pino would): the level they pass, and the output. */
export interface AccessLog {
  writes: (level: 'info' | 'debug') => boolean;
  write: (text: string) => void;
}

function batchedAccessLog(): AccessLog {
  const output = batchedStdout();
  // Pino reads LOG_LEVEL as for every log; its writer is not used.
  const levels = createLog(output, undefined, { masked: false });
  return {
    writes: (level) => levels.isLevelEnabled(level),
    write: (text) => {
      output.write(text);
    },
  };
}

/**
 * One log per process, shared with the built bundle's copy of this module (as the request scope is), written at once
 * (what it says is rare and wanted now: a failure, a mail, a job); and the access log (access-log.ts) on the same
 * output in batches, unmasked: its lines hold only what the server wrote itself (method, route pattern, status,
 * time, the request id), and masking them was a tenth of a search's time.
 */
const KEY = Symbol.for('segara.log');
const shared = globalThis as typeof globalThis & { [KEY]?: { log: Logger; accessLog: AccessLog } };
function processLogs() {
  return {
    log: createLog(pino.destination({ dest: 1, sync: true })),
    accessLog: batchedAccessLog(),
  };
}
const logs = shared[KEY] ?? (shared[KEY] = processLogs());
export const log: Logger = logs.log;
export const accessLog: AccessLog = logs.accessLog;
