// /api/adminUser/*: the admin console's users (spec §7 Admin). Administrators only (10103).
import { z } from 'zod';
import { endpoint, type NoData } from './contract';
import { id, int, oneOf, optional, readInt, readText, text } from './fields';
import { PAGE_SIZES } from '../limits';
import type { UpdateCheck } from './adminUpdate';
import type { AsShowDoc } from '../dbText';

export interface AdminUser {
  uid: number;
  username: string;
  name: string;
  email: string;
  email_verify: number;
  /** 1 administrator, 2 ordinary user */
  groupid: number;
  /** 'local' or 'ldap' */
  source: string;
  /** 'active', 'pending' (awaits approval) or 'unconfirmed' (awaits the email confirmation) */
  status: 'active' | 'pending' | 'unconfirmed';
  /** 'Y-m-d H:i:s' */
  reg_time: string;
  last_login_time: string;
}

export interface AdminUserPage {
  total: number;
  users: AdminUser[];
}

/** As ShowDoc sends it: the user rows' uid and groupid as text. */
export type AdminUserAnswer = AsShowDoc<AdminUser>;
export type AdminUserPageAnswer = AsShowDoc<AdminUserPage>;

/** The admin lists' paging. */
export const pagingParams = {
  page: int({ def: 1, min: 1, max: 1_000_000 }),
  count: int({ def: PAGE_SIZES.admin, min: 1, max: 200 }),
};

/** `groupid` 1 (administrator) or 2 (ordinary user); absent or blank → undefined, or 'is required'. */
export const groupId = (o: { required?: boolean } = {}) =>
  z
    .custom<1 | 2 | '1' | '2' | ''>(() => true)
    .optional()
    .transform((v, ctx): 1 | 2 | undefined => {
      const s = readText(v, {}, ctx);
      if (s === (z.NEVER as unknown)) return z.NEVER;
      if (s === '') {
        if (o.required) ctx.addIssue({ code: 'custom', message: 'Parameter {name} is required', params: {} });
        return undefined;
      }
      const g = readInt(v, {}, ctx);
      if (g === (z.NEVER as unknown)) return z.NEVER;
      if (g !== 1 && g !== 2) {
        ctx.addIssue({ code: 'custom', message: 'Parameter {name} has an invalid value', params: {} });
        return z.NEVER;
      }
      return g;
    });

/** Users matching a fragment of their username, name or email; `status` narrows the list. */
export const getList = endpoint<AdminUserPageAnswer>()('adminUser/getList', {
  status: oneOf(['', 'active', 'pending', 'unconfirmed'] as const, ''),
  username: text({ max: 100 }),
  ...pagingParams,
});

/** Without uid: a new user. With uid: new name and/or password (empty = unchanged); `groupid` (1/2) is our extension. */
export const addUser = endpoint<AdminUserAnswer>()('adminUser/addUser', {
  uid: id(),
  password: text({ raw: true, max: 128 }),
  /** only when sent */
  name: optional(text({ max: 200 })),
  groupid: groupId(),
  /** a new user's name (required without uid) */
  username: text({ max: 50 }),
});

export const changePassword = endpoint<NoData>()('adminUser/changePassword', { uid: id(), new_password: text({ raw: true, max: 128 }) });

/** Our extension: promote to administrator (1) or demote to ordinary user (2). */
export const setGroup = endpoint<NoData>()('adminUser/setGroup', {
  // (a missing value is refused, so what passes is 1 or 2)
  groupid: groupId({ required: true }).transform((g) => g as 1 | 2),
  uid: id(),
});

export const deleteUser = endpoint<NoData>()('adminUser/deleteUser', { uid: id() });

/** Our extension: a registration that awaits approval may log in from now on. */
export const approve = endpoint<AdminUserAnswer>()('adminUser/approve', { uid: id() });

/** Our extension: a registration that awaits approval is turned down (the account is deleted). */
export const reject = endpoint<NoData>()('adminUser/reject', { uid: id() });

/** ShowDoc's console asks here; the same as adminUpdate/checkUpdate. */
export const checkUpdate = endpoint<UpdateCheck>()('adminUser/checkUpdate', {});
