// A route's screen, loaded on demand. `preload()` fetches it ahead (main.tsx does so for the
// address being opened): a screen already loaded renders at once, without suspending — React
// would otherwise show the fallback and hold the screen back for its reveal throttle (~300 ms).
import { createElement, lazy, type ComponentType, type ReactElement } from 'react';

export interface LazyScreen {
  element: ReactElement;
  preload: () => Promise<unknown>;
}

export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (e) => {
        loading = null; // a failed download may be retried on the next visit
        throw e;
      },
    ));
  const Lazy = lazy(preload);
  function Screen() {
    return loaded ? createElement(loaded) : createElement(Lazy);
  }
  return { element: createElement(Screen), preload };
}
