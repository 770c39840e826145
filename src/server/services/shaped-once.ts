/**
 * What a read made of the rows it fetched, remembered so that the same rows are not shaped again: a crowd searching
 * the same day (the corridor's peak) costs its statements, which still run at every search so seats are never
 * stale, but not the arithmetic and serialization of an answer already made (`npm run bench:lean`).
 *
 * A shape is handed back only while all of this holds, else it is made again:
 * - its key is the same: what the read was asked (route, date, party, language...);
 * - its scope is the same pair of objects: the process's tariffs of that database (db/queries/tariffs.ts), read
 *   again each minute, so nothing is remembered across databases nor past a minute; and the network it describes;
 * - its inputs are the same values: the rows fetched just now, compared field by field (instants by their time);
 * - the clock has not reached the instant it said it changes at (a sailing's booking cutoff).
 *
 * Shapes are frozen: one object is handed to many readers, and its bytes are remembered with it (http/node-door.ts).
 */

/** A shape and the first instant (epoch ms) at which the same inputs would shape differently. */
export interface Shaped<Shape> {
  shape: Shape;
  changesAt: number;
}

interface Remembered<Shape> extends Shaped<Shape> {
  inputs: unknown;
}

/** Keys remembered per scope, at most; the oldest made is dropped first. */
const KEYS_PER_SCOPE = 2_000;

/** Whether two values fetched from the database are the same: arrays and rows field by field, dates by time. */
export function sameValues(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Date) return b instanceof Date && a.getTime() === b.getTime();
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValues(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || b instanceof Date) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const name in left) if (!(name in right) || !sameValues(left[name], right[name])) return false;
  for (const name in right) if (!(name in left)) return false;
  return true;
}

/** Freezes a shape and every object in it, so that no reader changes what the next one is handed. */
export function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * A memo of shapes: `shape(scope, key, inputs, now, make)` hands back the shape remembered for the key when the
 * scope, the inputs and the time allow (above), else what `make()` shapes, frozen and remembered.
 */
export function shapedOnce<Shape>() {
  const scopes = new WeakMap<object, WeakMap<object, Map<string, Remembered<Shape>>>>();
  return (
    scope: readonly [object, object],
    key: string,
    inputs: unknown,
    now: number,
    make: () => Shaped<Shape>,
  ): Shape => {
    const [outer, inner] = scope;
    let byInner = scopes.get(outer);
    if (!byInner) scopes.set(outer, (byInner = new WeakMap()));
    let remembered = byInner.get(inner);
    if (!remembered) byInner.set(inner, (remembered = new Map<string, Remembered<Shape>>()));
    const last = remembered.get(key);
    if (last && now < last.changesAt && sameValues(last.inputs, inputs)) return last.shape;
    const made = make();
    const shape = frozen(made.shape);
    remembered.delete(key);
    if (remembered.size >= KEYS_PER_SCOPE) {
      const oldest = remembered.keys().next();
      if (!oldest.done) remembered.delete(oldest.value);
    }
    remembered.set(key, { inputs, shape, changesAt: made.changesAt });
    return shape;
  };
}
