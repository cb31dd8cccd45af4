// The decisions added for ShowDoc v3 parity: template ownership, whose unused files a user
// handles, who hears site announcements.
import { describe, expect, it } from 'vitest';
import { ownsTemplate } from './templates';
import { unusedFilesScope } from './files';
import { canReceiveAnnouncements } from './rooms';

describe('ownsTemplate', () => {
  it('only the owner, never for a missing template', () => {
    expect(ownsTemplate({ uid: 3 }, { uid: 3 })).toBe(true);
    expect(ownsTemplate({ uid: 4 }, { uid: 3 })).toBe(false);
    expect(ownsTemplate({ uid: 3 }, undefined)).toBe(false);
  });
});

describe('unusedFilesScope', () => {
  it("an administrator handles everyone's files, anyone else their own", () => {
    expect(unusedFilesScope({ uid: 1, isAdmin: true } as never)).toBeUndefined();
    expect(unusedFilesScope({ uid: 7, isAdmin: false } as never)).toBe(7);
  });
});

describe('canReceiveAnnouncements', () => {
  it('signed-in sockets only', () => {
    expect(canReceiveAnnouncements({ uid: 5 })).toBe(true);
    expect(canReceiveAnnouncements(null)).toBe(false);
    expect(canReceiveAnnouncements(undefined)).toBe(false);
  });
});
