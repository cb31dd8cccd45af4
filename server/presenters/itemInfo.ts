// item/info's answer (spec §3 Item; showdoc-behaviour §3.3).
import type { ItemAccess } from '../policies/itemAccess';
import type { Menu, MenuPage } from '../domain/items/menu';
import { ancestry } from '../domain/catalogs/tree';
import { presentItemBase } from './item';
import { presentMenu } from './menu';
import { JsonFragment, jsonFragment } from '../lib/jsonFragment';

/** a built menu is shared by requests (menuMemo): its JSON is written once */
const menuJson = new WeakMap<Menu, JsonFragment>();
function presentMenuOnce(menu: Menu): JsonFragment {
  let json = menuJson.get(menu);
  if (!json) menuJson.set(menu, (json = jsonFragment(presentMenu(menu))));
  return json;
}

export interface InfoExtras {
  menu: Menu;
  defaultPage: MenuPage | undefined;
  isLogin: boolean;
  unreadCount: number;
}

export function presentItemInfo(a: ItemAccess, x: InfoExtras) {
  const chain = x.defaultPage && x.defaultPage.catId > 0 ? ancestry(x.menu.catalogRows, x.defaultPage.catId) : [];
  const catAt = (level: number) => chain.find((c) => c.level === level)?.catId ?? 0;
  const defaultPageId = x.defaultPage?.pageId ?? 0;
  return {
    ...presentItemBase(a.item),
    default_page_id: String(defaultPageId),
    current_page_id: defaultPageId,
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
    global_param: { query: [], body: [], header: [], cookies: [], preScript: '', postScript: '' },
    show_watermark: '0',
    allow_comment: 0,
    allow_feedback: 0,
  };
}
