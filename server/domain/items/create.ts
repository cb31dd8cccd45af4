// item/add: a new item owned by the caller. Single-page (2) and table (4) items get their one
// page at once, titled like the item (showdoc-behaviour §3.3).
import type { AppDeps } from '../../deps';
import * as itemRepo from '../../db/repos/items';
import { insertPage } from '../../db/repos/catalogPages';
import type { ItemRow } from '../../db/repos/items';
import { ITEM_TYPE } from '../../../shared/limits';
import { pageTokens } from '../search/tokens';
import { searchVectorOf } from '../../db/repos/search';
import { localize } from '../../../shared/messages';

/** The first text of a single-page item, in the creator's language (its Chinese in shared/messages/items.ts). */
export const SINGLE_PAGE_WELCOME = 'Welcome to Quire. Click the Edit button at the top right to start writing.';

export interface NewItem {
  uid: number;
  username: string;
  name: string;
  description: string;
  domain: string;
  /** stored hash ('' = open) */
  passwordHash: string;
  itemType: number;
  /** comments / page feedback on (regular items only, as ShowDoc) */
  allowComment?: boolean;
  allowFeedback?: boolean;
  /** the creator's language: a single-page item's first text is written in it */
  lang?: 'en' | 'zh';
}

/** 0 and 1 are both "regular"; we store 1. */
export const normalizeItemType = (t: number) => (t === 0 ? ITEM_TYPE.regular : t);

export async function createItem(deps: AppDeps, input: NewItem): Promise<ItemRow> {
  const now = deps.now();
  const itemType = normalizeItemType(input.itemType);
  const row = await deps.db.transaction(async (tx) => {
    const item = await itemRepo.insertItem(tx, {
      itemName: input.name,
      itemDescription: input.description,
      uid: input.uid,
      username: input.username,
      password: input.passwordHash,
      itemDomain: input.domain,
      itemType,
      allowComment: itemType === ITEM_TYPE.regular && input.allowComment ? 1 : 0,
      allowFeedback: itemType === ITEM_TYPE.regular && input.allowFeedback ? 1 : 0,
      addtime: now,
      lastUpdateTime: now,
    });
    if (itemType === ITEM_TYPE.singlePage || itemType === ITEM_TYPE.table) {
      const content = itemType === ITEM_TYPE.singlePage ? localize(SINGLE_PAGE_WELCOME, input.lang ?? 'en') : '';
      await insertPage(tx, {
        itemId: item.itemId,
        catId: 0,
        pageTitle: input.name,
        pageContent: content,
        searchVector: searchVectorOf(pageTokens(input.name, content)),
        authorUid: input.uid,
        authorUsername: input.username,
        addtime: now,
        pageAddtime: now,
      });
    }
    return item;
  });
  deps.events.emit('item.accessChanged', { itemId: row.itemId, uids: [input.uid] });
  return row;
}
