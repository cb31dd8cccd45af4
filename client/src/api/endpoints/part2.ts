// Calls of the item settings screens that need options the shared endpoint files do not set: the
// screen handles "no permission" itself.
import { ErrorCode } from '@shared/errors';
import { call } from '../http';
import type { Id, ItemSummary } from '../types';

const screenHandles = [ErrorCode.NOT_MANAGER, ErrorCode.NO_PERMISSION];

export interface ItemDetail extends ItemSummary {
  password?: string;
  username?: string;
  addtime?: number | string;
}

/** item/detail for the settings screen: 10303/10103 come back to the screen (it shows "no permission"). */
export const itemDetail = (item_id: Id) => call<ItemDetail>('item/detail', { item_id }, { expect: screenHandles, loading: false });

/** teamItemMember/save sending only the changed field (ShowDoc changes only fields present in the POST). */
export const saveTeamItemMember = (p: { id: Id; member_group_id?: Id; cat_id?: Id }) => call('teamItemMember/save', p);
