// A valid payload with one to three of its values swapped for hostile ones: the requests that get past the first
// check of a route and carry a bad value all the way to the database, where the interesting failures are.
import fc from 'fast-check';
import { hostileString, hostileValue, longestEmail } from './hostile.ts';

type Path = (string | number)[];

function leaves(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...path, i]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  return [path];
}

function withValue(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<
    string,
    unknown
  >;
  copy[head as string] = withValue(copy[head as string], rest, replacement);
  return copy;
}

/** Every leaf of the example swapped, one at a time, for each of these: the exhaustive half of the fuzzing. */
export const leafReplacements: unknown[] = [
  '\u0000',
  'An\u0000a',
  'An\u202Ea',
  'An\uD800a',
  'An\r\na',
  '😀',
  '',
  ' ',
  'x'.repeat(5000),
  longestEmail,
  2 ** 31,
  -1,
  0.5,
  null,
  true,
  [],
  {},
  '2026-02-30',
  '-271821-04-20',
  '__proto__',
];

export function everyLeafSwapped(example: unknown): unknown[] {
  return leaves(example).flatMap((path) => leafReplacements.map((value) => withValue(example, path, value)));
}

/** The example with some leaves replaced: mostly by hostile strings (the leaves are mostly text), else by anything. */
export function mutationsOf(example: unknown): fc.Arbitrary<unknown> {
  const paths = leaves(example);
  const replacement = fc.oneof(
    { weight: 3, arbitrary: hostileString },
    { weight: 1, arbitrary: hostileValue },
  );
  // Mostly one bad value at a time: the rest stays valid, so that one reaches as far as it can.
  const count = fc.oneof(
    { weight: 4, arbitrary: fc.constant(1) },
    { weight: 1, arbitrary: fc.integer({ min: 2, max: 3 }) },
  );
  return count
    .chain((n) =>
      fc.tuple(
        fc.shuffledSubarray(paths, {
          minLength: Math.min(n, paths.length),
          maxLength: Math.min(n, paths.length),
        }),
        fc.array(replacement, { minLength: n, maxLength: n }),
      ),
    )
    .map(([chosen, values]) => chosen.reduce((acc, path, i) => withValue(acc, path, values[i]), example));
}
