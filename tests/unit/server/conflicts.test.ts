import { describe, expect, it } from 'vitest';
import { retryingConflicts, sqlState } from '../../../src/server/db/conflicts.ts';
import { Refused } from '../../../src/server/validation-errors.ts';

/** A database error as Drizzle throws it: its own error, with PostgreSQL's as the cause. */
const failure = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(code), { code }) });

describe('retryingConflicts', () => {
  it('reads the SQLSTATE through the driver wrapper', () => {
    expect(sqlState(failure('40P01'))).toBe('40P01');
    expect(sqlState(new Error('plain'))).toBeUndefined();
    expect(sqlState(Object.assign(new Error('node'), { code: 'ECONNRESET' }))).toBeUndefined();
  });

  it('runs a deadlock victim again and answers what the retry answered', async () => {
    let runs = 0;
    const result = await retryingConflicts(() => {
      runs += 1;
      return runs < 3 ? Promise.reject(failure('40P01')) : Promise.resolve('done');
    });
    expect([result, runs]).toEqual(['done', 3]);
  });

  it('gives up after three runs with a 503 refusal, never the raw error', async () => {
    let runs = 0;
    const attempt = retryingConflicts(() => {
      runs += 1;
      return Promise.reject(failure('40001'));
    });
    await expect(attempt).rejects.toBeInstanceOf(Refused);
    await expect(attempt).rejects.toMatchObject({ status: 503, errors: { booking: [{ key: 'api_busy' }] } });
    expect(runs).toBe(3);
  });

  it('answers a lock timeout with 503 at once, and lets every other error through untouched', async () => {
    let runs = 0;
    await expect(
      retryingConflicts(() => {
        runs += 1;
        return Promise.reject(failure('55P03'));
      }),
    ).rejects.toMatchObject({ status: 503 });
    expect(runs).toBe(1);
    const other = failure('23505');
    await expect(retryingConflicts(() => Promise.reject(other))).rejects.toBe(other);
  });
});
