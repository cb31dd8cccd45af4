// At start-up: an address that holds a ShowDoc hash route (/#/12/34, kept by the browser across
// the server's /web/ → / redirect) becomes Quire's route before the router reads it.
import { quireRouteOfShowdocHash } from '@shared/showdocRoutes';

export { quireRouteOfShowdocHash };

/** Rewrites the address bar in place (no history entry, no reload) when it holds a ShowDoc route. */
export function adoptShowdocHashRoute(): void {
  const to = quireRouteOfShowdocHash(window.location.pathname, window.location.hash);
  try {
    if (to !== null) window.history.replaceState(window.history.state, '', to);
  } catch {
    // an address the browser will not take: the app starts on / as it would have
  }
}
