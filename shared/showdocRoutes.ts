// Links into the old ShowDoc web app keep working after the move (#21); used by the client at
// start-up and by the ShowDoc import for links between pages. ShowDoc routed by the hash
// (/web/#/12, #/page/34, #/p/<key>, #/12/34, #/12?page_id=34); the server sends /web/ to / and the
// browser keeps the fragment. Quire's routes are ShowDoc's as real paths, so the hash becomes the
// path, before the router reads it. Two differences: ShowDoc's item+page route /:item/:page_id is
// our /:item?page_id=, and its newer /message/index and /user/center are /notice/index and /user/setting.
const ROUTE_PREFIXES = new Set(['page', 'p', 'item', 'user', 'team', 'catalog', 'notice', 'message', 'admin', 'attachment', 'public-square']);
const RENAMED: Record<string, string> = { '/message/index': '/notice/index', '/user/center': '/user/setting' };

/** Quire's address for ShowDoc's hash route at the site root; null when the address is not one. */
export function quireRouteOfShowdocHash(pathname: string, hash: string): string | null {
  if (pathname !== '/' || !hash.startsWith('#/')) return null;
  const route = hash.slice(1);
  // '//host' or '/\host' would name another origin
  if (/^\/[/\\]/.test(route)) return null;
  const q = route.indexOf('?');
  const path = q < 0 ? route : route.slice(0, q);
  const search = new URLSearchParams(q < 0 ? '' : route.slice(q));
  const itemPage = /^\/([^/]+)\/(\d+)\/?$/.exec(path);
  if (itemPage && !ROUTE_PREFIXES.has(itemPage[1])) {
    search.set('page_id', itemPage[2]);
    return `/${itemPage[1]}?${search}`;
  }
  const query = search.size ? `?${search}` : '';
  return (RENAMED[path] ?? path) + query;
}
