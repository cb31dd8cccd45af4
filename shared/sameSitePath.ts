// Redirect targets from query strings (login, item password, reset link) are only followed
// when they stay on this site: a relative path starting with exactly one '/'
// (security.md §1.6: `//evil`, `/\evil`, `javascript:`, `https:evil`, encoded forms…).

/** The path (with query and hash) when `target` is a same-site relative path, else null. */
export function sameSitePath(target: unknown): string | null {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2000) return null;
  if (target[0] !== '/') return null;
  if (target[1] === '/' || target[1] === '\\') return null;
  // browsers treat '\' like '/' and drop tabs/newlines inside URLs: refuse both anywhere
  if (/[\\\u0000-\u001f\u007f]/.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, 'http://quire.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://quire.invalid') return null;
  // `/..//evil` normalises to `//evil`: check the result again
  if (url.pathname.startsWith('//')) return null;
  return url.pathname + url.search + url.hash;
}

/** `target` when it is a safe same-site path, otherwise `fallback`. */
export function safeRedirect(target: unknown, fallback = '/item/index'): string {
  return sameSitePath(target) ?? fallback;
}
