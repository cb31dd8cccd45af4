import { useCallback, useState } from 'react';
import { itemApi, type Id } from '../../api';
import type { SearchHit } from './SearchResults';
import { searchable } from './menuTree';

/** Keyword search within one item (item/search: matching pages with a snippet of their content). */
export function useItemSearch(itemId: Id | undefined) {
  const [keyword, setKeyword] = useState('');
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (k: string) => {
      const q = k.trim();
      setKeyword(q);
      if (!q || itemId === undefined) {
        setHits(null);
        return;
      }
      if (!searchable(q)) return;
      setBusy(true);
      try {
        const res = await itemApi.search({ item_id: itemId, keyword: q });
        setHits(Array.isArray(res?.pages) ? (res.pages as SearchHit[]) : []);
      } catch {
        setHits([]);
      } finally {
        setBusy(false);
      }
    },
    [itemId],
  );

  const clear = useCallback(() => {
    setKeyword('');
    setHits(null);
  }, []);

  return { keyword, hits, busy, run, clear, tooShort: !!keyword && !searchable(keyword) };
}
