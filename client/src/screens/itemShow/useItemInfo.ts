import { useCallback, useEffect, useRef, useState } from 'react';
import { commonApi } from '../../api';
import type { ItemInfo } from '@shared/api/item';
import { arrived, prefetched } from '../../api/prefetch';
import { itemInfoKey } from './prefetchKeys';
import { loadItemInfo } from './readingPrefetch';

/**
 * item/info for an id or personal domain (10303/10307 → password screen, handled by the client),
 * and update/checkDb once per item load (spec §7).
 */
export function useItemInfo(idOrDomain: string, requestedPageId: string | null) {
  // an answer the route prefetched and that has arrived is shown by the first render
  const [initial] = useState(() => arrived<ItemInfo>(itemInfoKey(idOrDomain, requestedPageId)));
  const [info, setInfo] = useState<ItemInfo | null>(initial ?? null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const shownInitial = useRef(!!initial);

  useEffect(() => {
    if (shownInitial.current) {
      shownInitial.current = false;
      return;
    }
    let alive = true;
    setFailed(false);
    prefetched(itemInfoKey(idOrDomain, requestedPageId), () => loadItemInfo(idOrDomain, requestedPageId))
      .then((i) => alive && setInfo(i))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
    // the requested page only matters for the first load (password redirect, default expansion)
  }, [idOrDomain, version]);

  useEffect(() => {
    void commonApi.checkDb().catch(() => {});
  }, [idOrDomain]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { info, failed, reload };
}
