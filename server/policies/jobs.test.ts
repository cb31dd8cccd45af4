import { describe, expect, it } from 'vitest';
import { canUseJob } from './jobs';

describe('policies/jobs: canUseJob', () => {
  const job = { uid: 7 };
  it('allows the user who started the job', () => {
    expect(canUseJob({ uid: 7 }, job)).toBe(true);
  });
  it('refuses another user, an anonymous caller, and uid 0 (system jobs)', () => {
    expect(canUseJob({ uid: 8 }, job)).toBe(false);
    expect(canUseJob(null, job)).toBe(false);
    expect(canUseJob({ uid: 0 }, { uid: 0 })).toBe(false);
  });
});
