// /api/team/*: teams (spec §7 "Members and teams", showdoc-behaviour §3.6).
import { endpoint } from './contract';
import { id, text } from './fields';
import type { AsShowDoc } from '../dbText';

export interface Team {
  id: number;
  team_name: string;
  /** the owner */
  uid: number;
  username: string;
  addtime: string;
  last_update_time: string;
}

/** team/getList: a team the caller owns or belongs to */
export interface ListedTeam extends Team {
  is_owner: 0 | 1;
  /** the caller manages the team (owner, team manager, admin) */
  team_manage: 0 | 1;
  /** the caller's group: 1 member, 2 team manager (the owner counts as 2) */
  team_member_group_id: number;
  memberCount: number;
  itemCount: number;
}

/** As ShowDoc sends them: the team row's ids as text, the caller's rights and the counts computed (numbers). */
export type ListedTeamAnswer = AsShowDoc<ListedTeam, 'is_owner' | 'team_manage' | 'team_member_group_id'>;
export type TeamAnswer = AsShowDoc<Team>;

export const getList = endpoint<ListedTeamAnswer[]>()('team/getList', {});

/** Creates a team (no id) or renames one. */
export const save = endpoint<TeamAnswer>()('team/save', { id: id(), team_name: text({ max: 1000 }) });

/** Answers 1. */
export const remove = endpoint<1>()('team/delete', { id: id() });

/** Hands the team (and its bound items the owner owns) to `username`; confirmed by the owner's password. */
export const attorn = endpoint<TeamAnswer>()('team/attorn', {
  team_id: id(),
  username: text({ required: true, max: 254 }),
  password: text({ raw: true, max: 128 }),
});

/** The caller leaves a team. Answers 1. */
export const exitTeam = endpoint<1>()('team/exitTeam', { team_id: id() });
