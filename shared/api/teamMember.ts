// /api/teamMember/*: members of a team. Team managers add and remove; members may list.
import { z } from 'zod';
import { endpoint } from './contract';
import { id, readInt, text } from './fields';
import { TEAM_MEMBER_GROUP } from '../limits';
import type { AsShowDoc } from '../dbText';

export interface TeamMember {
  id: number;
  team_id: number;
  member_uid: number;
  member_username: string;
  name: string;
  /** 1 member, 2 team manager */
  team_member_group_id: number;
  addtime: string;
}

export type TeamMemberAnswer = AsShowDoc<TeamMember>;

const teamGroups: readonly number[] = Object.values(TEAM_MEMBER_GROUP);

/** team_member_group_id: 1 member (default), 2 team manager; anything else is refused. */
export const teamMemberGroup = () =>
  z
    .custom<string | number>(() => true)
    .optional()
    .transform((v, ctx) => {
      const n = readInt(v, { def: TEAM_MEMBER_GROUP.member }, ctx);
      if (typeof n === 'number' && !teamGroups.includes(n)) {
        ctx.addIssue({ code: 'custom', message: 'Parameter {name} has an invalid value', params: {} });
        return z.NEVER;
      }
      return n;
    });

export const getList = endpoint<TeamMemberAnswer[]>()('teamMember/getList', { team_id: id() });

/** Adds the users named in `member_username` (comma-separated); only the owner makes team managers. Answers the last new member. */
export const save = endpoint<TeamMemberAnswer>()('teamMember/save', {
  team_id: id(),
  team_member_group_id: teamMemberGroup(),
  member_username: text({ required: true, max: 5000 }),
});

/** Answers 1. */
export const remove = endpoint<1>()('teamMember/delete', { id: id() });
