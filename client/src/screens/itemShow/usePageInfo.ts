import { useCallback, useEffect, useRef, useState } from 'react';
import { pageApi, type Id } from '../../api';
import type { PageInfo } from '@shared/api/page';
import { arrived, prefetched } from '../../api/prefetch';
import { pageInfoKey } from './prefetchKeys';

/** page/info of the page being read (null while loading or when there is none). */
export function usePageInfo(pageId: Id | null, itemId: Id | undefined) {
  // a prefetched page that has already arrived is shown by the first render
  const [initial] = useState(() => (pageId === null ? undefined : arrived<PageInfo>(pageInfoKey(pageId, itemId))));
  const [page, setPage] = useState<PageInfo | null>(initial ?? null);
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const shownInitial = useRef(!!initial);

  useEffect(() => {
    if (shownInitial.current) {
      shownInitial.current = false;
      return;
    }
    if (pageId === null) {
      setPage(null);
      return;
    }
    let alive = true;
    setLoading(true);
    prefetched(pageInfoKey(pageId, itemId), () => pageApi.info(pageId, itemId))
      .then((p) => alive && setPage(p))
      .catch(() => alive && setPage(null))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [pageId, itemId, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const patch = useCallback((p: Partial<PageInfo>) => setPage((cur) => (cur ? { ...cur, ...p } : cur)), []);
  return { page, loading, reload, patch };
}
