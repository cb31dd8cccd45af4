// /api/teamItemMember/*: what each team member may do in one bound item (authority and catalog
// limit). Team managers and the item's managers may list and change them.
import { z } from 'zod';
import { endpoint } from './contract';
import { id, text } from './fields';
import { memberGroup, type MemberLimit } from './member';
import type { AsShowDoc } from '../dbText';

export interface TeamItemMember extends MemberLimit {
  id: number;
  team_id: number;
  item_id: number;
  member_uid: number;
  member_username: string;
  name: string;
  /** 0 read-only, 1 edit, 2 manage */
  member_group_id: number;
  member_group: string;
  addtime: string;
}

export type TeamItemMemberAnswer = AsShowDoc<TeamItemMember>;

/** Undefined when the parameter was not sent or sent empty (ShowDoc changes only fields present with a value). */
const whenGiven = <F extends z.ZodType>(field: F) =>
  z
    .custom<NonNullable<z.input<F>>>(() => true)
    .optional()
    .transform((v, ctx): z.output<F> | undefined => {
      if (v === undefined || v === '') return undefined;
      const r = field.safeParse(v);
      if (r.success) return r.data;
      const first = r.error.issues[0] as { message: string; params?: Record<string, string | number> };
      ctx.addIssue({ code: 'custom', message: first.message, params: first.params ?? {} });
      return z.NEVER;
    });

export const getList = endpoint<TeamItemMemberAnswer[]>()('teamItemMember/getList', { team_id: id(), item_id: id() });

/** Changes a member's group and/or catalog limit (cat_id alone replaces the whole limit). */
export const save = endpoint<TeamItemMemberAnswer>()('teamItemMember/save', {
  id: id(),
  member_group_id: whenGiven(memberGroup(0)),
  cat_id: whenGiven(id()),
  cat_ids: whenGiven(text({ max: 2000 })),
});
