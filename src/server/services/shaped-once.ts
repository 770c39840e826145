import { keepAtMost } from '../kept-at-most.ts';

/**
 * What a read made of the rows it fetched, remembered so that the same rows are not shaped again: a crowd searching
 * the same day (the corridor's peak) costs its statements, which still run at every search so seats are never
 * stale, but not the arithmetic and serialization of an answer already made (`npm run bench:lean`).
 *
 * A shape is handed back only while all of this holds, else it is made again:
 * - its key is the same: what the read was asked (route, date, party, language...);
 * - its scope is the same pair of objects: the process's tariffs of that database (db/queries/tariffs.ts), read
 *   again each minute, so nothing is remembered across databases nor past a minute; and the network it describes;
 * - its inputs are the same values: the rows fetched just now, compared field by field (a Date by its time; the
 *   search's sailings come as the driver sent them, instants as text);
 * - the clock is between the instant it was made and the instant it said it changes at (a sailing's booking
 *   cutoff): a request whose clock reads earlier (one that started before, or a test's clock set back) makes its own.
 *
 * Shapes are frozen: one object is handed to many readers, and its bytes are remembered with it (http/node-door.ts,
 * which asks `isShaped`).
 */

/** A shape and the first instant (epoch ms) at which the same inputs would shape differently. */
export interface Shaped<Shape> {
  shape: Shape;
  changesAt: number;
}

interface Remembered<Shape> extends Shaped<Frozen<Shape>> {
  inputs: unknown;
  madeAt: number;
}

/**
 * Keys remembered per scope and memo, at most; the oldest made goes first. A thousand two-way answers with their
 * legs hold about 7 MB, and their bytes, while kept, 20 MB more: the most a crawler asking every search can cost a
 * process, for a minute (the scope's life).
 */
const KEYS_PER_SCOPE = 1_000;

/**
 * The shapes made here, all frozen all the way down: one set per process on `globalThis`, since the built Astro
 * bundle, which shapes the search, carries its own copy of this module, and the Node server's door asks its copy.
 */
const KEY = Symbol.for('segara.shapes');
const shared = globalThis as typeof globalThis & { [KEY]?: WeakSet<object> };
const shapes = shared[KEY] ?? (shared[KEY] = new WeakSet<object>());

/** Whether a value is a shape handed out here: frozen all the way down, so its bytes may be kept with it. */
export function isShaped(value: unknown): value is object {
  return typeof value === 'object' && value !== null && shapes.has(value);
}

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
  // Every field of the left found on the right, and as many fields on each. The right is asked whether it has a field
  // (`in`) only where the left's is undefined: asking for each of a search's 72 fields (8 sailings of 9) was most of
  // the comparison's cost (bench:lean, BENCH_LAYERS); counting the right's fields costs one small array a row.
  let fields = 0;
  for (const name in left) {
    fields++;
    const value = left[name];
    if (value === undefined ? !(name in right) || right[name] !== undefined : !sameValues(value, right[name]))
      return false;
  }
  // Rows and shapes have only fields of their own: for-in here and Object.keys there count the same ones.
  return Object.keys(right).length === fields;
}

/**
 * A value as `frozen` hands it back: read-only all the way down (arrays and tuples too), so a reader that would change
 * it (sort a list in place) is stopped by the compiler, not by a TypeError on the one answer every other reader
 * shares. A Date stays as it is: `Object.freeze` does not stop its setters either, and no shape holds one.
 */
export type Frozen<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends Date
    ? T
    : T extends object
      ? { readonly [Name in keyof T]: Frozen<T[Name]> }
      : T;

/**
 * Freezes a shape and every object in it, so that no reader changes what the next one is handed. An object frozen
 * already is taken as frozen all the way down (a sailing's shared times, domain/port-time.ts).
 */
export function frozen<T>(value: T): Frozen<T> {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value as Frozen<T>;
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
  ): Frozen<Shape> => {
    const [outer, inner] = scope;
    let byInner = scopes.get(outer);
    if (!byInner) scopes.set(outer, (byInner = new WeakMap()));
    let remembered = byInner.get(inner);
    if (!remembered) byInner.set(inner, (remembered = new Map<string, Remembered<Shape>>()));
    const last = remembered.get(key);
    if (last && last.madeAt <= now && now < last.changesAt && sameValues(last.inputs, inputs))
      return last.shape;
    const made = make();
    const shape = frozen(made.shape);
    if (typeof shape === 'object' && shape !== null) shapes.add(shape);
    keepAtMost(remembered, key, { inputs, shape, madeAt: now, changesAt: made.changesAt }, KEYS_PER_SCOPE);
    return shape;
  };
}
