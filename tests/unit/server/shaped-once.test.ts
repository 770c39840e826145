import { describe, expect, it } from 'vitest';
import { frozen, isShaped, sameValues, shapedOnce } from '../../../src/server/services/shaped-once.ts';
import type * as ShapedOnce from '../../../src/server/services/shaped-once.ts';

const row = (taken: number) => ({ id: 's1', departsAt: new Date('2026-11-22T00:00:00Z'), taken });

describe('the values a read fetched, compared', () => {
  it('finds rows the same field by field, instants by their time', () => {
    expect(sameValues([row(3), row(4)], [row(3), row(4)])).toBe(true);
    expect(sameValues({ rows: [row(3)], next: undefined }, { rows: [row(3)], next: undefined })).toBe(true);
  });

  it.each([
    ['a field', [row(3)], [row(4)]],
    ['an instant', [row(3)], [{ ...row(3), departsAt: new Date('2026-11-22T00:00:01Z') }]],
    ['a row more', [row(3)], [row(3), row(3)]],
    ['a field more', [row(3)], [{ ...row(3), extra: 1 }]],
    ['a field less', [{ ...row(3), extra: 1 }], [row(3)]],
    ['a date against a string', [row(3)], [{ ...row(3), departsAt: '2026-11-22T00:00:00.000Z' }]],
    ['an array against a row', [row(3)], { 0: row(3) }],
    ['undefined against a date', { next: undefined }, { next: new Date(0) }],
    ['a field of its own, both undefined', { next: undefined }, { last: undefined }],
    ['a field undefined against none', { ...row(3), next: undefined }, row(3)],
  ])('tells rows apart by %s', (_, a, b) => {
    expect(sameValues(a, b)).toBe(false);
    expect(sameValues(b, a)).toBe(false);
  });
});

describe('shapes made once', () => {
  const tariffs = {};
  const network = {};
  const scope = [tariffs, network] as const;

  it('hands back the same shape for the same key, scope and rows, until the instant it changes', () => {
    const shape = shapedOnce<{ made: number }>();
    let made = 0;
    const make = () => ({ shape: { made: ++made }, changesAt: 1_000 });
    const first = shape(scope, 'BTC-HFC 2026-11-22', [row(3)], 0, make);
    expect(shape(scope, 'BTC-HFC 2026-11-22', [row(3)], 999, make)).toBe(first);
    expect(made).toBe(1);
    // The cutoff of a sailing reached: made again.
    expect(shape(scope, 'BTC-HFC 2026-11-22', [row(3)], 1_000, make)).toEqual({ made: 2 });
  });

  it('makes its own for a clock that reads earlier than when the shape was made', () => {
    const shape = shapedOnce<{ made: number }>();
    let made = 0;
    const make = () => ({ shape: { made: ++made }, changesAt: 5_000 });
    shape(scope, 'k', [row(3)], 1_000, make);
    // A request that started before, or a clock set back: the sailings of 1,000 may be more than those of 999.
    expect(shape(scope, 'k', [row(3)], 999, make)).toEqual({ made: 2 });
    expect(shape(scope, 'k', [row(3)], 999, make)).toEqual({ made: 2 });
  });

  it('makes it again for other rows, another key or another scope, and remembers the latest', () => {
    const shape = shapedOnce<{ made: number }>();
    let made = 0;
    const make = () => ({ shape: { made: ++made }, changesAt: Number.POSITIVE_INFINITY });
    shape(scope, 'k', [row(3)], 0, make);
    expect(shape(scope, 'k', [row(4)], 0, make)).toEqual({ made: 2 });
    expect(shape(scope, 'other', [row(4)], 0, make)).toEqual({ made: 3 });
    expect(shape([{}, network], 'k', [row(4)], 0, make)).toEqual({ made: 4 });
    expect(shape([tariffs, {}], 'k', [row(4)], 0, make)).toEqual({ made: 5 });
    expect(shape(scope, 'k', [row(4)], 0, make)).toEqual({ made: 2 });
  });

  it('keeps at most 1,000 keys per scope, dropping the oldest made', () => {
    const shape = shapedOnce<{ key: number }>();
    for (let key = 0; key <= 1_000; key++)
      shape(scope, String(key), [], 0, () => ({ shape: { key }, changesAt: Number.POSITIVE_INFINITY }));
    let madeAgain = 0;
    const again = (key: number) =>
      shape(scope, String(key), [], 0, () => {
        madeAgain++;
        return { shape: { key }, changesAt: Number.POSITIVE_INFINITY };
      });
    again(1_000);
    again(1);
    expect(madeAgain).toBe(0);
    again(0);
    expect(madeAgain).toBe(1);
  });

  it('freezes what it hands out, all the way down', () => {
    const shape = shapedOnce<{ legs: { seats: number }[] }>();
    const made = shape(scope, 'k', [], 0, () => ({
      shape: { legs: [{ seats: 3 }] },
      changesAt: Number.POSITIVE_INFINITY,
    }));
    expect(Object.isFrozen(made)).toBe(true);
    expect(Object.isFrozen(made.legs)).toBe(true);
    expect(() => {
      (made.legs[0] as { seats: number }).seats = 4;
    }).toThrow(TypeError);
    expect(frozen(made)).toBe(made);
    expect(isShaped(made)).toBe(true);
    expect(isShaped(made.legs)).toBe(false);
    expect(isShaped(Object.freeze({ legs: [] }))).toBe(false);
  });

  it('is read-only to the compiler, so a reader changing it fails to compile rather than at run time', () => {
    const shape = shapedOnce<{ legs: { seats: number }[]; when: Date }>();
    const made = shape(scope, 'k', [], 0, () => ({
      shape: { legs: [{ seats: 3 }, { seats: 1 }], when: new Date(0) },
      changesAt: Number.POSITIVE_INFINITY,
    }));
    // Each change below compiles only with its expected error (the typecheck fails otherwise), and throws.
    expect(() => {
      // @ts-expect-error: the list is shared by every reader (sort a copy)
      made.legs.sort(); // eslint-disable-line @typescript-eslint/no-unsafe-call -- the missing method is the point
    }).toThrow(TypeError);
    expect(() => {
      // @ts-expect-error: nor can it grow
      made.legs.push({ seats: 2 }); // eslint-disable-line @typescript-eslint/no-unsafe-call -- as above
    }).toThrow(TypeError);
    const [first] = made.legs;
    expect(() => {
      // @ts-expect-error: its rows are shared too
      if (first) first.seats = 4;
    }).toThrow(TypeError);
    expect([...made.legs].sort((a, b) => a.seats - b.seats).map((leg) => leg.seats)).toEqual([1, 3]);
    expect(made.when.getTime()).toBe(0);
  });
});

describe('shapes known across copies of the module', () => {
  it('are known to another copy, as the Node server knows those of the built bundle', async () => {
    const copy = (await import(
      // @ts-expect-error: a second copy of the module, as the bundle has its own
      '../../../src/server/services/shaped-once.ts?bundle-copy'
    )) as typeof ShapedOnce;
    expect(copy.isShaped).not.toBe(isShaped);
    const made = copy.shapedOnce<{ seats: number }>()([{}, {}], 'k', [], 0, () => ({
      shape: { seats: 3 },
      changesAt: Number.POSITIVE_INFINITY,
    }));
    expect(isShaped(made)).toBe(true);
  });
});
