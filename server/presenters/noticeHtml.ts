// Notice content is HTML we built with escaped values, but it is sanitised again whenever it
// is shown: rows may come from imports, older versions or a bug, and the client renders it as
// HTML (spec: "content shown as HTML"). A small allow-list: text formatting and relative or
// http(s) links — no images, no styles, no event handlers, no scripts.
import { LRUCache } from 'lru-cache';

type Lang = 'en' | 'zh';

const CONFIG = {
  ALLOWED_TAGS: ['p', 'div', 'span', 'a', 'strong', 'b', 'em', 'i', 'br', 'ul', 'ol', 'li', 'code'],
  ALLOWED_ATTR: ['href', 'lang', 'title'],
  ALLOW_DATA_ATTR: false,
  /** attributes that are not URLs: without this the URI pattern below would strip lang="en" */
  ADD_URI_SAFE_ATTR: ['lang'],
  /** absolute http(s), mailto, or a path on this site ("/12?page_id=3"); never "//host" or javascript: */
  ALLOWED_URI_REGEXP: /^(?:https?:\/\/|mailto:|\/(?!\/)|\?|#)/i,
};

/** jsdom costs about 100 MB of memory: loaded when the first notice is shown, not at start */
let purifier: Promise<typeof import('isomorphic-dompurify').default> | undefined;
const loadPurifier = () => (purifier ??= import('isomorphic-dompurify').then((m) => m.default));

/** Sanitising runs jsdom (≈1–2 ms); notice contents never change, so results are cached. */
const cache = new LRUCache<string, string>({ max: 5000 });

const wanted = (blockLang: string, lang: Lang) => (lang === 'zh' ? blockLang.toLowerCase().startsWith('zh') : blockLang.toLowerCase().startsWith('en'));

export async function sanitizeNoticeHtml(html: string, lang: Lang): Promise<string> {
  if (!html) return '';
  const key = `${lang}\u0000${html}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const DOMPurify = await loadPurifier();
  const fragment = DOMPurify.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
  // Our notices carry one block per language; keep the reader's (all of them when it is missing).
  const blocks = [...fragment.children].filter((el) => el.tagName === 'DIV' && el.hasAttribute('lang'));
  if (blocks.some((el) => wanted(el.getAttribute('lang') ?? '', lang))) {
    for (const el of blocks) if (!wanted(el.getAttribute('lang') ?? '', lang)) el.remove();
  }
  const holder = fragment.ownerDocument.createElement('div');
  holder.appendChild(fragment);
  const out = holder.innerHTML;
  cache.set(key, out);
  return out;
}
