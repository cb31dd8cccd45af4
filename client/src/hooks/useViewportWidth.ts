import { useSyncExternalStore } from 'react';

function subscribe(cb: () => void): () => void {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
}

/** window.innerWidth, re-rendering on resize (layout breakpoints of spec §9). */
export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, () => window.innerWidth, () => 1280);
}

/** Spec §9 breakpoints. */
export const BREAKPOINTS = { wideMenu: 1600, itemMobile: 1300, pageMobile: 1000 } as const;
