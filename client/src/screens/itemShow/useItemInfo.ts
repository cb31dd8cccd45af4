import { useCallback, useEffect, useState } from 'react';
import { commonApi, itemApi, type ItemInfo } from '../../api';

/**
 * item/info for an id or personal domain (10303/10307 → password screen, handled by the client),
 * and update/checkDb once per item load (spec §7).
 */
export function useItemInfo(idOrDomain: string, requestedPageId: string | null) {
  const [info, setInfo] = useState<ItemInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let alive = true;
    setFailed(false);
    itemApi
      .info({ item_id: idOrDomain, default_page_id: requestedPageId ?? undefined })
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
