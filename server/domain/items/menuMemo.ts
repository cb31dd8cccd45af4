// item/info builds the same menu from the same cached source for every reader with the same
// catalog limit: the built menu is kept with its source (and goes when the source is replaced).
import { buildMenu, type Menu, type MenuSource, type VisibleTops } from './menu';

const built = new WeakMap<MenuSource, Map<string, Menu>>();

export function menuFor(src: MenuSource, visibleTops: VisibleTops): Menu {
  const key = visibleTops === null ? '*' : [...visibleTops].sort((a, b) => a - b).join(',');
  let bySource = built.get(src);
  if (!bySource) built.set(src, (bySource = new Map()));
  let menu = bySource.get(key);
  if (!menu) {
    menu = buildMenu(src, { visibleTops, keyword: false });
    // a handful of distinct catalog limits per item at most; a bound keeps a pathological one small
    if (bySource.size < 64) bySource.set(key, menu);
  }
  return menu;
}
