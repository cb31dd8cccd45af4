// What the edit screen needs before it can show anything: the item (to check edit rights),
// the page (or the page being copied), and the catalog names for the selector.
import { useEffect, useState } from 'react';
import { catalogApi, flag, itemApi, pageApi } from '../../api';
import type { ItemInfo } from '@shared/api/item';
import type { PageInfo } from '@shared/api/page';
import type { CatalogRow } from '../catalog/catalogRow';

export interface EditorData {
  item: ItemInfo;
  /** the page being edited, or the copied page's content for a new one */
  page: PageInfo | null;
  catalogs: CatalogRow[];
  canEdit: boolean;
}

export function useEditorData(itemId: number, pageId: number, copyPageId: number): { data: EditorData | null; failed: boolean } {
  const [data, setData] = useState<EditorData | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    setData(null);
    setFailed(false);
    (async () => {
      const item = await itemApi.info({ item_id: itemId });
      const source = pageId > 0 ? pageId : copyPageId;
      const [page, catalogs] = await Promise.all([source > 0 ? pageApi.info(source, itemId) : Promise.resolve(null), catalogApi.listName(itemId).catch(() => [])]);
      if (current) setData({ item, page, catalogs: Array.isArray(catalogs) ? catalogs : [], canEdit: flag(item.ItemPermn ?? item.item_edit) });
    })().catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [itemId, pageId, copyPageId]);
  return { data, failed };
}
