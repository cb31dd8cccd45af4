// Pure helpers over item/info's menu: {pages (root), catalogs: [{pages, catalogs}]} (≤ 3 levels).
import type { Id } from '../../api';
import type { ItemMenu, MenuCatalog, MenuPage } from '@shared/api/item';

/** Root pages first, then each catalog depth-first: the order the menu shows. */
export function pagesInOrder(menu: ItemMenu | null | undefined): MenuPage[] {
  if (!menu) return [];
  const out: MenuPage[] = [...(menu.pages ?? [])];
  const walk = (cats: MenuCatalog[] | undefined) => {
    for (const c of cats ?? []) {
      out.push(...(c.pages ?? []));
      walk(c.catalogs);
    }
  };
  walk(menu.catalogs);
  return out;
}

export function firstPage(menu: ItemMenu | null | undefined): MenuPage | null {
  return pagesInOrder(menu)[0] ?? null;
}

export function countPages(menu: ItemMenu | null | undefined): number {
  return pagesInOrder(menu).length;
}

export interface PageLocation {
  page: MenuPage;
  /** catalogs from the top level down to the page's own catalog */
  catalogs: MenuCatalog[];
}

export function locatePage(menu: ItemMenu | null | undefined, pageId: Id | null | undefined): PageLocation | null {
  if (!menu || pageId === null || pageId === undefined || pageId === '') return null;
  const id = String(pageId);
  const root = (menu.pages ?? []).find((p) => String(p.page_id) === id);
  if (root) return { page: root, catalogs: [] };
  const walk = (cats: MenuCatalog[] | undefined, path: MenuCatalog[]): PageLocation | null => {
    for (const c of cats ?? []) {
      const here = [...path, c];
      const p = (c.pages ?? []).find((x) => String(x.page_id) === id);
      if (p) return { page: p, catalogs: here };
      const deeper = walk(c.catalogs, here);
      if (deeper) return deeper;
    }
    return null;
  };
  return walk(menu.catalogs, []);
}

/**
 * The page to show (spec §2): the requested page_id when the menu has it, else the item's
 * default_page_id when the menu has it, else the first page of the menu.
 */
export function pageToShow(menu: ItemMenu | null | undefined, requested: Id | null | undefined, defaultPageId: Id | null | undefined): Id | null {
  if (requested && locatePage(menu, requested)) return requested;
  if (defaultPageId && String(defaultPageId) !== '0' && locatePage(menu, defaultPageId)) return defaultPageId;
  return firstPage(menu)?.page_id ?? null;
}

const CJK = /[\u2e80-\u2fdf\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/;

/** Spec §5: a one-character search runs only when that character is Chinese (CJK). */
export function searchable(keyword: string): boolean {
  const k = keyword.trim();
  if (!k) return false;
  if (Array.from(k).length === 1) return CJK.test(k);
  return true;
}

/** A short plain-text excerpt of `content` around the first match of `keyword`. */
export function excerpt(content: string | undefined, keyword: string, radius = 40): string {
  if (!content) return '';
  const text = content.replace(/[#>*`_~\-|[\]()!]+/g, ' ').replace(/\s+/g, ' ').trim();
  const at = text.toLowerCase().indexOf(keyword.trim().toLowerCase());
  if (at < 0) return text.slice(0, radius * 2);
  const start = Math.max(0, at - radius);
  const end = Math.min(text.length, at + keyword.trim().length + radius);
  return (start > 0 ? '…' : '') + text.slice(start, end) + (end < text.length ? '…' : '');
}
