// item/star, item/unstar: the caller's starred items (the item list's "Starred" tab, item/myList
// with item_group_id = -1). The rest of the item controller is declared in ./index.ts.
import { endpoint, type NoData } from '../contract';
import { text } from '../fields';

const itemId = () => text({ required: true, max: 60 });

/** ShowDoc answers the new star row's id as a number (insertGetId, not a fetched row). */
export const star = endpoint<{ id: number }>()('item/star', { item_id: itemId() });

export const unstar = endpoint<NoData>()('item/unstar', { item_id: itemId() });
