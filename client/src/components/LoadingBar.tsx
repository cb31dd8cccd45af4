import { useEffect, useState } from 'react';
import { isLoading, subscribeLoading } from '../api/loading';

/** A thin animated bar at the top while requests are in flight (shown after 150 ms, gone after 20 s at most). */
export function LoadingBar() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = (busy: boolean) => {
      clearTimeout(timer);
      if (busy) timer = setTimeout(() => setVisible(isLoading()), 150);
      else setVisible(false);
    };
    const off = subscribeLoading(update);
    return () => {
      off();
      clearTimeout(timer);
    };
  }, []);
  return visible ? <div className="loading-bar" role="progressbar" aria-label="loading" data-testid="loading-bar" /> : null;
}
