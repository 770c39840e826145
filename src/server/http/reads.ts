import type { AppDeps } from '../deps.ts';
import { errorAnswer } from './error-answer.ts';
import type { Read } from './plain-answer.ts';
import { searchRead } from './routes/schedules.ts';

/** The reads by path, per dependencies (the process has one). */
const reads = new WeakMap<AppDeps, ReadonlyMap<string, Read>>();

/**
 * The read at `path` (`/api/schedules`), if it is one, for the process's dependencies. Its answer never fails: what
 * it throws is answered as the app's error handler answers it (http/error-answer.ts).
 */
export function apiRead(path: string, deps: AppDeps): Read | undefined {
  let known = reads.get(deps);
  if (!known) reads.set(deps, (known = new Map([['/api/schedules', answered(searchRead(deps))]])));
  return known.get(path);
}

function answered(read: Read): Read {
  return (query, locale) => read(query, locale).catch((error: unknown) => errorAnswer(error, locale));
}
