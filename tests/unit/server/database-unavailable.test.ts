import { describe, expect, it } from 'vitest';
import { databaseUnavailable } from '../../../src/server/db/unavailable.ts';

/** An error as node-postgres or Node's sockets make it: a message and a code. */
const failure = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
/** Drizzle's wrapper: its own message, the driver's error as `cause`. */
const wrapped = (cause: Error) => new Error('Failed query: select 1', { cause });

describe('a database away, told from a statement that failed', () => {
  it.each([
    ['a refused connection', failure('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', failure('read ECONNRESET', 'ECONNRESET')],
    ['a broken pipe', failure('write EPIPE', 'EPIPE')],
    [
      'a server shutting down (57P01)',
      failure('terminating connection due to administrator command', '57P01'),
    ],
    ['a server starting (57P03)', failure('the database system is starting up', '57P03')],
    ['too many connections (53300)', failure('sorry, too many clients already', '53300')],
    ['a connection exception (08006)', failure('connection failure', '08006')],
    ['a connection ended under a query', failure('Connection terminated unexpectedly')],
    ['no connection within the timeout', failure('timeout exceeded when trying to connect')],
    ['any of these inside Drizzle', wrapped(failure('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'))],
    [
      "the OAuth library's server_error around it (inner)",
      Object.assign(new Error('Failed query: select 1'), {
        inner: wrapped(failure('read ECONNRESET', 'ECONNRESET')),
      }),
    ],
    [
      'every address of a host refused',
      new AggregateError([failure('connect ECONNREFUSED', 'ECONNREFUSED')], 'connect failed'),
    ],
  ])('%s is the database away', (_what, error) => {
    expect(databaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped(failure('duplicate key value', '23505'))],
    ['a deadlock (a collision, retried elsewhere)', failure('deadlock detected', '40P01')],
    ['a syntax error', failure('syntax error at or near "selec"', '42601')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error at all', 'ECONNREFUSED'],
    [
      'another service refusing (Google, a lookup)',
      new TypeError('fetch failed', { cause: failure('connect ECONNREFUSED 1.2.3.4:443', 'ECONNREFUSED') }),
    ],
  ])('%s is not', (_what, error) => {
    expect(databaseUnavailable(error)).toBe(false);
  });
});
