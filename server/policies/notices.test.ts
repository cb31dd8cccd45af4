import { describe, expect, it } from 'vitest';
import { pageEditedFor } from './notices';

const save = (over: Partial<Parameters<typeof pageEditedFor>[0]> = {}) => ({ uid: 5, previousAuthorUid: 2, created: false, source: 'http', ...over });

describe('policies/notices', () => {
  it('pageEditedFor: the earlier author of a page someone else saved', () => {
    expect(pageEditedFor(save())).toBe(2);
    // the open API saves as uid 0: the author is told too
    expect(pageEditedFor(save({ uid: 0, source: 'open' }))).toBe(2);
  });

  it('pageEditedFor: nobody for one’s own edit, a new page, a recovered page or an unknown author', () => {
    expect(pageEditedFor(save({ uid: 2 }))).toBe(0);
    expect(pageEditedFor(save({ created: true }))).toBe(0);
    expect(pageEditedFor(save({ source: 'recover' }))).toBe(0);
    expect(pageEditedFor(save({ previousAuthorUid: 0 }))).toBe(0);
  });
});
