import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { databaseUnavailableCause } from './unavailable';
import { errorForLog } from '../errorForLog';

const queryError = (cause: unknown) => new DrizzleQueryError('update "pages" set "page_content" = $1 where "page_id" = $2', ['SECRET PAGE TEXT', 7], cause as Error);

describe('databaseUnavailableCause', () => {
  it('names the cause behind a failed query: refused, lost, shutting down, disk full', () => {
    expect(databaseUnavailableCause(queryError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })))).toBe('connection refused');
    expect(databaseUnavailableCause(queryError(new Error('Connection terminated unexpectedly')))).toBe('connection lost');
    expect(databaseUnavailableCause(queryError(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })))).toBe('database shutting down');
    expect(databaseUnavailableCause(queryError(Object.assign(new Error('could not extend file "base/1/2": No space left on device'), { code: '53100' })))).toBe('disk full');
    expect(databaseUnavailableCause(new Error('Cannot use a pool after calling end on the pool'))).toBe('server shutting down');
  });

  it('leaves bugs alone, even when the query text or its parameters look like an outage', () => {
    expect(databaseUnavailableCause(queryError(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })))).toBeNull();
    const tricky = new DrizzleQueryError('select 1', ['Connection terminated'], Object.assign(new Error('syntax error'), { code: '42601' }));
    expect(databaseUnavailableCause(tricky)).toBeNull();
    expect(databaseUnavailableCause(new TypeError('x is undefined'))).toBeNull();
  });
});

describe('errorForLog', () => {
  it('writes a failed query as its SQL and cause, never its parameters', () => {
    const text = errorForLog(queryError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })));
    expect(text).toContain('update "pages" set "page_content" = $1');
    expect(text).toContain('ECONNREFUSED');
    expect(text).not.toContain('SECRET PAGE TEXT');
  });

  it('keeps an ordinary error’s message and stack', () => {
    const text = errorForLog(new RangeError('out of range'));
    expect(text).toContain('RangeError: out of range');
    expect(text).toMatch(/\n\s+at /);
  });
});
