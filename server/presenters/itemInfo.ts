// item/info's answer (spec §3 Item; showdoc-behaviour §3.3).
import type { ItemRow } from '../db/repos/items';
import type { CatalogRow } from '../db/repos/catalogs';
import type { MenuPageRow } from '../db/repos/menus';
import type { ItemInfoAnswer } from '../../shared/api/item';
import { presentItemBase } from './item';
import { dbNum } from './fetched';
import { presentMenu, type MenuView } from './menu';
import { LRUCache } from 'lru-cache';
import { JsonFragment, withFragments, type JsonWithFragments } from '../lib/jsonFragment';

/** a built menu is shared by requests (menuMemo): its JSON is written once */
const menuJson = new WeakMap<MenuView, JsonFragment>();
/**
 * The fragments of recent menus by their text: a menu reloaded unchanged (the cache's time-to-live
 * ran out, another item was written) keeps its fragment, so its deflate blocks and the ready
 * answers built on it (http/readyAnswer.ts) stay valid.
 */
const byText = new LRUCache<string, JsonFragment>({ max: 16 });
function presentMenuOnce(menu: MenuView): JsonFragment {
  let json = menuJson.get(menu);
  if (!json) {
    const answer: ItemInfoAnswer['menu'] = presentMenu(menu);
    const text = JSON.stringify(answer);
    json = byText.get(text);
    if (!json) byText.set(text, (json = new JsonFragment(text)));
    menuJson.set(menu, json);
  }
  return json;
}

/** What item/info reports of the viewer's rights (policies: ItemAccess). */
export interface InfoRights {
  item: ItemRow;
  itemPermn: boolean;
  itemCreator: boolean;
  canManage: boolean;
}

export interface InfoExtras {
  menu: MenuView;
  defaultPage: MenuPageRow | undefined;
  /** the catalogs above the default page, from the top down */
  defaultPath: CatalogRow[];
  isLogin: boolean;
  unreadCount: number;
}

/** The answer with its menu as a JSON fragment written once per built menu: the envelope splices it in (and can gzip it for free). */
export function presentItemInfo(a: InfoRights, x: InfoExtras): JsonWithFragments<ItemInfoAnswer> {
  const catAt = (level: number) => x.defaultPath.find((c) => c.level === level)?.catId ?? 0;
  const defaultPageId = x.defaultPage?.pageId ?? 0;
  const answer: Omit<ItemInfoAnswer, 'menu'> & { menu: JsonFragment } = {
    ...presentItemBase(a.item),
    // text, as the menu's page_id: ShowDoc's client finds the page in the tree with ===
    default_page_id: dbNum(defaultPageId),
    current_page_id: dbNum(defaultPageId),
    default_cat_id2: catAt(2),
    default_cat_id3: catAt(3),
    default_cat_id4: catAt(4),
    unread_count: x.unreadCount,
    menu: presentMenuOnce(x.menu),
    is_login: x.isLogin,
    item_edit: a.itemPermn,
    item_manage: a.itemCreator,
    ItemPermn: a.itemPermn,
    ItemCreator: a.itemCreator,
    can_manage: a.canManage,
    global_param: { query: [], body: [], header: [], cookies: [], preScript: '', postScript: '' },
    show_watermark: '0',
  };
  return withFragments(answer);
}
