import { describe, expect, it } from 'vitest';
import { decideItemAccess, type Grant, type ItemRow } from './itemAccess';
import {
  canDeleteComment,
  commentNoticeCandidates,
  feedbackCountsVisible,
  mayMention,
  requireMayChangeWatchers,
  requireMayComment,
  requireMayVote,
  watcherListScope,
  watchersToTell,
} from './aroundPage';

const item = (over: Partial<ItemRow> = {}) => ({ itemId: 1, uid: 1, password: '', isArchived: 0, itemType: 1, isDel: 0, allowComment: 1, allowFeedback: 1, ...over }) as ItemRow;
const grant = (memberGroupId: number): Grant => ({ source: 'member', memberGroupId, catId: 0, catIds: '' });
const as = (uid: number, grants: Grant[], over: Partial<ItemRow> = {}) => decideItemAccess(item(over), { uid, isAdmin: false }, grants, { passwordProven: false });
const root = { topCatId: 0 };

describe('policies/aroundPage', () => {
  it('comments: signed-in readers of a regular item with comments on; guests and other items refused', () => {
    expect(() => requireMayComment(as(5, [grant(0)]))).not.toThrow();
    expect(() => requireMayComment(as(9, []))).not.toThrow(); // a signed-in stranger on a public item (ShowDoc)
    expect(() => requireMayComment(decideItemAccess(item(), null, [], { passwordProven: false }))).toThrow(expect.objectContaining({ code: 10102 }));
    expect(() => requireMayComment(as(5, [grant(0)], { allowComment: 0 }))).toThrow(expect.objectContaining({ code: 10100 }));
    expect(() => requireMayComment(as(5, [grant(0)], { itemType: 2 }))).toThrow(expect.objectContaining({ code: 10100 }));
  });

  it('a comment is deleted by its author or a manager only', () => {
    expect(canDeleteComment(as(5, [grant(0)]), { uid: 5 })).toBe(true);
    expect(canDeleteComment(as(5, [grant(1)]), { uid: 6 })).toBe(false);
    expect(canDeleteComment(as(5, [grant(2)]), { uid: 6 })).toBe(true);
    expect(canDeleteComment(as(1, []), { uid: 6 })).toBe(true); // the owner
  });

  it('mentions: the item’s people only, not strangers of a public item', () => {
    expect(mayMention(as(5, [grant(0)]))).toBe(true);
    expect(mayMention(as(1, []))).toBe(true);
    expect(mayMention(as(9, []))).toBe(false);
  });

  it('feedback: guests need a client_id; counts for editors only', () => {
    const guest = decideItemAccess(item(), null, [], { passwordProven: false });
    expect(() => requireMayVote(guest, '')).toThrow(expect.objectContaining({ code: 10100 }));
    expect(() => requireMayVote(guest, 'b1')).not.toThrow();
    expect(() => requireMayVote(as(5, [grant(0)], { allowFeedback: 0 }), '')).toThrow(expect.objectContaining({ code: 10100 }));
    expect(feedbackCountsVisible(as(5, [grant(0)]), root)).toBe(false);
    expect(feedbackCountsVisible(as(5, [grant(1)]), root)).toBe(true);
  });

  it('watchers: readers change their own row, editors others; readers list their own row', () => {
    expect(() => requireMayChangeWatchers(as(5, [grant(0)]), root, [5])).not.toThrow();
    expect(() => requireMayChangeWatchers(as(5, [grant(0)]), root, [5, 6])).toThrow(expect.objectContaining({ code: 10103 }));
    expect(() => requireMayChangeWatchers(as(5, [grant(1)]), root, [6])).not.toThrow();
    expect(watcherListScope(as(5, [grant(0)]), root)).toBe(5);
    expect(watcherListScope(as(5, [grant(1)]), root)).toBeUndefined();
  });

  it('who hears of a comment: mention first, then reply, then author and watchers; never the commenter', () => {
    const told = commentNoticeCandidates({ commenterUid: 2, pageAuthorUid: 3, parentAuthorUid: 4, watcherUids: [2, 3, 5], mentionedUids: [4, 2] });
    expect([...told]).toEqual([
      [4, 'comment_mention'],
      [3, 'page_commented'],
      [5, 'page_commented'],
    ]);
  });

  it('who hears of a save: watchers but the saver and the earlier author; not for new or recovered pages', () => {
    expect(watchersToTell({ uid: 2, created: false, source: 'http' }, [2, 3, 4], 3)).toEqual([4]);
    expect(watchersToTell({ uid: 2, created: true, source: 'http' }, [4], 0)).toEqual([]);
    expect(watchersToTell({ uid: 2, created: false, source: 'recover' }, [4], 0)).toEqual([]);
  });
});
