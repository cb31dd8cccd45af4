import { describe, expect, it } from 'vitest';
import { JOB_ID_RE, newJobId } from './ids';

describe('jobs/ids: newJobId', () => {
  it('makes ids in the order they were asked for, even many in one millisecond', () => {
    const ids = Array.from({ length: 1000 }, () => newJobId());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
  it('makes ids the job API accepts, with a random part', () => {
    const [a, b] = [newJobId(), newJobId()];
    expect(a).toMatch(JOB_ID_RE);
    expect(a.slice(12)).not.toBe(b.slice(12));
    expect(JOB_ID_RE.test('f'.repeat(24))).toBe(false);
  });
});
