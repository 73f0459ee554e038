import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.ts';

// The faults themselves are proven end to end in test/cluster (a PostgreSQL crash under load); here,
// which errors count as "the database is away" and which stay 500s.
describe('isDatabaseUnavailable', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

  it('is true for a refused or reset socket, a shutdown, a connection exception and a dead client', () => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('read'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '57P01', message: 'terminating connection' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '57P03', message: 'the database system is starting up' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '08006', message: 'connection failure' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(new Error('Client has encountered a connection error and is not queryable'))),
    ).toBe(true);
  });

  it('is false for errors of the query itself', () => {
    expect(isDatabaseUnavailable(wrapped({ code: '23505', message: 'duplicate key' }))).toBe(false);
    expect(isDatabaseUnavailable(wrapped({ code: '40001', message: 'could not serialize access' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
