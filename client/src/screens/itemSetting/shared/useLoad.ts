import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';

/**
 * Runs an API read when the dependencies change; keeps the last good value on failure
 * (the API client already showed the error). `failed` tells of the last read only.
 * `reload()` runs it again.
 */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    let alive = true;
    setLoading(true);
    setFailed(false);
    loadRef
      .current()
      .then((v) => {
        if (!alive) return;
        setData(v);
      })
      .catch(() => alive && setFailed(true))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [...deps, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, loading, failed, reload, setData };
}
