// Team questions (policies/teamAccess.ts, policies/teams.ts): each allowed and refused.
import { describe, expect, it } from 'vitest';
import { decideListedTeam, decideTeamAccess, type TeamRow } from './teamAccess';
import { canGiveTeamMemberGroup, canGrantTeamManage, canManageTeamItem, canRemoveTeamMember } from './teams';
import { decideItemAccess, type ItemRow } from './itemAccess';

const OWNER = 10;
const team = { id: 5, teamName: 'T', uid: OWNER, username: 'owner', addtime: 0, lastUpdateTime: 0 } as TeamRow;
const user = (uid: number, isAdmin = false) => ({ uid, isAdmin });
const owner = decideTeamAccess(team, user(OWNER), 0);
const admin = decideTeamAccess(team, user(99, true), 0);
const manager = decideTeamAccess(team, user(30), 2);
const plain = decideTeamAccess(team, user(31), 1);
const outsider = decideTeamAccess(team, user(32), 0);

describe('decideTeamAccess', () => {
  it('owner, admins and team managers manage; members view; outsiders nothing', () => {
    expect([owner, admin, manager].map((a) => a.canManage)).toEqual([true, true, true]);
    expect([plain.canManage, plain.canView]).toEqual([false, true]);
    expect([outsider.canManage, outsider.canView]).toEqual([false, false]);
  });

  it('a listed team carries the caller group', () => {
    expect(decideListedTeam({ ...team, teamMemberGroupId: 2 }, user(30)).canManage).toBe(true);
    expect(decideListedTeam({ ...team, teamMemberGroupId: 1 }, user(31)).canManage).toBe(false);
  });
});

describe('team managers', () => {
  it('only the owner and admins make or remove other team managers', () => {
    expect([canGrantTeamManage(owner), canGrantTeamManage(admin)]).toEqual([true, true]);
    expect(canGrantTeamManage(manager)).toBe(false);
  });

  it('canGiveTeamMemberGroup: managers add members; managers only the owner adds', () => {
    expect(canGiveTeamMemberGroup(manager, 1)).toBe(true);
    expect(canGiveTeamMemberGroup(owner, 2)).toBe(true);
    expect(canGiveTeamMemberGroup(manager, 2)).toBe(false);
    expect(canGiveTeamMemberGroup(plain, 1)).toBe(false);
  });

  it('canRemoveTeamMember: managers remove members and themselves, another manager only the owner', () => {
    expect(canRemoveTeamMember(manager, { teamMemberGroupId: 1, memberUid: 31 }, 30)).toBe(true);
    expect(canRemoveTeamMember(manager, { teamMemberGroupId: 2, memberUid: 30 }, 30)).toBe(true);
    expect(canRemoveTeamMember(owner, { teamMemberGroupId: 2, memberUid: 30 }, OWNER)).toBe(true);
    expect(canRemoveTeamMember(manager, { teamMemberGroupId: 2, memberUid: 33 }, 30)).toBe(false);
    expect(canRemoveTeamMember(plain, { teamMemberGroupId: 1, memberUid: 34 }, 31)).toBe(false);
  });
});

describe('canManageTeamItem', () => {
  const item = { itemId: 1, uid: 50, password: '', isArchived: 0, itemType: 1, isDel: 0 } as ItemRow;
  const itemManager = decideItemAccess(item, user(50), [], { passwordProven: false });
  const itemEditor = decideItemAccess(item, user(31), [{ source: 'team', memberGroupId: 1, catId: 0, catIds: '' }], { passwordProven: false });

  it('either side manages: the item manager, or the team manager', () => {
    expect(canManageTeamItem(itemManager, undefined)).toBe(true);
    expect(canManageTeamItem(itemEditor, manager)).toBe(true);
    expect(canManageTeamItem(undefined, owner)).toBe(true);
  });

  it('an item editor who is a plain team member does not; nor a missing team and item', () => {
    expect(canManageTeamItem(itemEditor, plain)).toBe(false);
    expect(canManageTeamItem(itemEditor, undefined)).toBe(false);
    expect(canManageTeamItem(undefined, undefined)).toBe(false);
  });
});
