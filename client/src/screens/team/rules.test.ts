import { describe, expect, it } from 'vitest';
import { canManageTeam, ownsTeam } from './rules';

describe('team permissions', () => {
  it('lets owners and managers manage a team, plain members only look', () => {
    expect(canManageTeam({ id: 1, team_name: 'a', team_manage: 1, is_owner: 1 })).toBe(true);
    expect(canManageTeam({ id: 1, team_name: 'a', team_manage: 0 })).toBe(false);
    expect(canManageTeam({ id: 1, team_name: 'a' })).toBe(true);
    expect(canManageTeam(undefined)).toBe(false);
  });

  it('keeps transfer and delete for the owner', () => {
    expect(ownsTeam({ id: 1, team_name: 'a', is_owner: 1 })).toBe(true);
    expect(ownsTeam({ id: 1, team_name: 'a', is_owner: 0, team_manage: 1 })).toBe(false);
  });
});
