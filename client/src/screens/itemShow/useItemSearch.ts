import { useCallback, useRef, useState } from 'react';
import { itemApi, type Id } from '../../api';
import type { SearchHit } from './SearchResults';
import { searchable } from './menuTree';

/** Keyword search within one item (item/search: matching pages with a snippet of their content, 50 at a time). */
export function useItemSearch(itemId: Id | undefined) {
  const [keyword, setKeyword] = useState('');
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [busy, setBusy] = useState(false);
  const page = useRef(1);
  /** the newest search: answers to older ones (typed over, or cleared) are dropped */
  const latest = useRef(0);

  const load = useCallback(
    async (q: string, p: number) => {
      if (itemId === undefined) return;
      const ticket = ++latest.current;
      setBusy(true);
      try {
        const res = await itemApi.search({ item_id: itemId, keyword: q, ...(p > 1 ? { page: p } : {}) });
        if (ticket !== latest.current) return;
        const found = Array.isArray(res?.pages) ? (res.pages as SearchHit[]) : [];
        page.current = p;
        setHits((before) => (p > 1 && before ? [...before, ...found] : found));
        setHasMore(res?.has_more === true);
      } catch {
        // the search failed (the alert says why, e.g. too many searches): show the menu again
        // rather than "no page contains this keyword", which would not be true
        if (ticket !== latest.current) return;
        if (p === 1) setHits(null);
        setHasMore(false);
      } finally {
        if (ticket === latest.current) setBusy(false);
      }
    },
    [itemId],
  );

  const run = useCallback(
    async (k: string) => {
      const q = k.trim();
      setKeyword(q);
      if (!q || itemId === undefined) {
        latest.current++;
        setHits(null);
        setHasMore(false);
        return;
      }
      if (!searchable(q)) return;
      await load(q, 1);
    },
    [itemId, load],
  );

  const more = useCallback(() => load(keyword, page.current + 1), [keyword, load]);

  const clear = useCallback(() => {
    latest.current++;
    setKeyword('');
    setHits(null);
    setHasMore(false);
    setBusy(false);
  }, []);

  return { keyword, hits, hasMore, busy, run, more, clear, tooShort: !!keyword && !searchable(keyword) };
}
