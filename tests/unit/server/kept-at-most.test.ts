import { describe, expect, it } from 'vitest';
import { keepAtMost } from '../../../src/server/kept-at-most.ts';

describe('a memo kept at most so large', () => {
  it('drops the oldest kept once full, and counts a key kept again as new', () => {
    const kept = new Map<string, number>();
    for (const key of ['a', 'b', 'c']) keepAtMost(kept, key, 1, 3);
    keepAtMost(kept, 'a', 2, 3);
    expect([...kept]).toEqual([
      ['b', 1],
      ['c', 1],
      ['a', 2],
    ]);
    keepAtMost(kept, 'd', 1, 3);
    expect([...kept.keys()]).toEqual(['c', 'a', 'd']);
  });
});
