// /api/member/*: personal members of an item (spec §7 "Members and teams"), and the people pickers.
import { z } from 'zod';
import { endpoint } from './contract';
import { id, readInt, text } from './fields';
import { MEMBER_GROUP } from '../limits';
import type { AsShowDoc } from '../dbText';

/** A member's catalog limit as the lists show it. */
export interface MemberLimit {
  /** 0 = every catalog (ShowDoc's one-catalog limit) */
  cat_id: number;
  /** the top-level catalogs the member is limited to ([] = every catalog) */
  cat_ids: number[];
  /** their names, ', '-separated, or 'All catalogs' ('所有目录') */
  cat_name: string;
}

/** member/getList, member/save */
export interface ItemMember extends MemberLimit {
  item_member_id: number;
  item_id: number;
  uid: number;
  username: string;
  name: string;
  /** 0 read-only, 1 edit, 2 manage */
  member_group_id: number;
  /** the group and the catalogs in words, in the caller's language (ShowDoc: '编辑/目录：所有目录') */
  member_group: string;
  addtime: string;
}

/** member/getList as ShowDoc sends it (ids and the group as text: member_group_id "1"). */
export type ItemMemberAnswer = AsShowDoc<ItemMember>;

/** Someone with a part in an item, or someone the caller added before (pickers). */
export interface Person {
  uid: number;
  username: string;
  name: string;
  /** ShowDoc's "username(name)" */
  username_name: string;
  addtime: string;
}

/** member/getMyAllList as ShowDoc sends it: uid and addtime cast to numbers there (addtime in unix seconds). */
export interface AddedPerson extends Omit<Person, 'addtime'> {
  addtime: number;
}

const groups: readonly number[] = Object.values(MEMBER_GROUP);

/** member_group_id: 0 read-only, 1 edit, 2 manage; anything else is refused. */
export const memberGroup = (def: number) =>
  z
    .custom<string | number>(() => true)
    .optional()
    .transform((v, ctx) => {
      const n = readInt(v, { def }, ctx);
      if (typeof n === 'number' && !groups.includes(n)) {
        ctx.addIssue({ code: 'custom', message: 'Parameter {name} has an invalid value', params: {} });
        return z.NEVER;
      }
      return n;
    });

export const getList = endpoint<ItemMemberAnswer[]>()('member/getList', { item_id: text({ required: true }) });

/** Adds the users named in `username` (comma-separated); a limit (cat_id / cat_ids) only below manage rights. */
export const save = endpoint<ItemMemberAnswer>()('member/save', {
  item_id: text({ required: true }),
  member_group_id: memberGroup(MEMBER_GROUP.readOnly),
  username: text({ required: true, max: 5000 }),
  cat_id: id(),
  /** "3,5" or "[3,5]": top-level catalogs */
  cat_ids: text({ max: 2000 }),
});

/**
 * Quire: changes a member's authority in place (ShowDoc's member/save skips existing members, so
 * its users remove and re-add). Manage rights in or out only by the item's creator or an admin;
 * a manager has no catalog limit, a lower group keeps the member's.
 */
export const update = endpoint<ItemMemberAnswer>()('member/update', {
  item_id: text({ required: true }),
  item_member_id: id(),
  member_group_id: memberGroup(MEMBER_GROUP.readOnly),
});

/** Answers 1. */
export const remove = endpoint<1>()('member/delete', { item_id: text({ required: true }), item_member_id: id() });

/** Everyone with a part in the item (its editors and admins may ask); '' or 0 answers []. */
export const getAllList = endpoint<Person[]>()('member/getAllList', { item_id: text() });

/** People the caller added before to their own items and teams. */
export const getMyAllList = endpoint<AddedPerson[]>()('member/getMyAllList', {});
