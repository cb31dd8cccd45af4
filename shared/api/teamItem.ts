// /api/teamItem/*: items bound to teams.
import { z } from 'zod';
import { endpoint } from './contract';
import { id, readText, text } from './fields';
import type { AsShowDoc } from '../dbText';

export interface TeamItem {
  id: number;
  team_id: number;
  item_id: number;
  team_name: string;
  item_name: string;
  addtime: string;
}

/** teamItem/getList: a binding of the item, with how many team members it gives access */
export interface TeamOfItem extends TeamItem {
  memberCount: number;
}

export type TeamItemAnswer = AsShowDoc<TeamItem>;
export type TeamOfItemAnswer = AsShowDoc<TeamOfItem>;

/** most items one teamItem/save binds */
export const MAX_ITEMS_PER_REQUEST = 100;

/** "3,5,8": distinct item ids (at most MAX_ITEMS_PER_REQUEST). */
export const itemIdList = () =>
  z
    .custom<string | number>(() => true)
    .optional()
    .transform((v, ctx): number[] => {
      const raw = readText(v, { max: 2000 }, ctx);
      if (typeof raw !== 'string') return raw;
      const invalid = (message: string): number[] => {
        ctx.addIssue({ code: 'custom', message, params: {} });
        return z.NEVER as never;
      };
      const ids = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
      if (!ids.length) return invalid('Parameter {name} is required');
      if (ids.length > MAX_ITEMS_PER_REQUEST) return invalid('Parameter {name} has an invalid value');
      if (ids.some((s) => !/^\d{1,10}$/.test(s) || Number(s) <= 0 || Number(s) > 2_147_483_647)) return invalid('Parameter {name} has an invalid value');
      return ids.map(Number);
    });

/** The teams an item is bound to (its managers may ask). */
export const getList = endpoint<TeamOfItemAnswer[]>()('teamItem/getList', { item_id: text({ required: true }) });

/** The items bound to a team (its members may ask). */
export const getListByTeam = endpoint<TeamItemAnswer[]>()('teamItem/getListByTeam', { team_id: id() });

/** Binds the items of `item_id` ("3,5") to the team; answers the last new binding. */
export const save = endpoint<TeamItemAnswer>()('teamItem/save', { team_id: id(), item_id: itemIdList() });

/** Unbinds (team managers, or the item's managers). Answers 1. */
export const remove = endpoint<1>()('teamItem/delete', { id: id() });
