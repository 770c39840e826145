import pino, { type DestinationStream, type Logger } from 'pino';
import { maskForLog, maskText } from '../../domain/log-masking.ts';
import { currentScope } from './request-scope.ts';

/**
 * The process's log: one JSON object per line on stdout (pino), for the platform's collector. Every line written
 * while a request or a job runs carries its `requestId` (and `route`, `job`), from the scope (request-scope.ts), so
 * one request's lines, the mail it queued and the audit row it wrote are found by one id. Nothing personal leaves:
 * fields and messages pass through `maskForLog` (domain/log-masking.ts). `LOG_LEVEL`: trace to fatal, or silent.
 */
export function createLog(destination?: DestinationStream, level = process.env.LOG_LEVEL): Logger {
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

/** One log per process, shared with the built bundle's copy of this module (as the request scope is). */
const KEY = Symbol.for('segara.log');
const shared = globalThis as typeof globalThis & { [KEY]?: Logger };
export const log: Logger = shared[KEY] ?? (shared[KEY] = createLog());
