// The item display's first answers, started as early as possible: item/info as soon as the route
// is known (main.tsx, before the screen's code has run), the page to read as soon as item/info
// answers. useItemInfo / usePageInfo take them from api/prefetch.
import { ITEM_TYPE } from '@shared/limits';
import { itemApi, pageApi } from '../../api';
import type { ItemInfo } from '@shared/api/item';
import { prefetch } from '../../api/prefetch';
import { pageToShow } from './menuTree';
import { itemInfoKey, pageInfoKey } from './prefetchKeys';

/** single-page and table items do not read pages through RegularItemView, the page prefetch's one consumer */
const NO_MENU = new Set<number>([ITEM_TYPE.singlePage, ITEM_TYPE.table]);

/** item/info, then at once page/info of the page the display will show */
export function loadItemInfo(idOrDomain: string, requestedPageId: string | null): Promise<ItemInfo> {
  return itemApi.info({ item_id: idOrDomain, default_page_id: requestedPageId ?? undefined }).then((info) => {
    if (!NO_MENU.has(Number(info.item_type))) {
      const pageId = pageToShow(info.menu, requestedPageId, info.default_page_id);
      if (pageId !== null) prefetch(pageInfoKey(pageId, info.item_id), () => pageApi.info(pageId, info.item_id));
    }
    return info;
  });
}

export function prefetchItemReading(idOrDomain: string, requestedPageId: string | null): void {
  prefetch(itemInfoKey(idOrDomain, requestedPageId), () => loadItemInfo(idOrDomain, requestedPageId));
}
