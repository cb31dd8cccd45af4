import { useCallback, useEffect, useState } from 'react';
import { pageApi, type Id, type PageInfo } from '../../api';

/** page/info of the page being read (null while loading or when there is none). */
export function usePageInfo(pageId: Id | null, itemId: Id | undefined) {
  const [page, setPage] = useState<PageInfo | null>(null);
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (pageId === null) {
      setPage(null);
      return;
    }
    let alive = true;
    setLoading(true);
    pageApi
      .info(pageId, itemId)
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
