// Attachment links written with a loopback address (`http://localhost:4999/server/index.php?s=
// /api/attachment/visitFile&sign=…`, as the editor wrote them before it wrote site-relative links)
// point at the reader's own machine once the site is reached under another address. Read them as
// this site's own files: the path is ShowDoc's visitFile URL, served here. Links to other hosts stay
// as they are (they may be another ShowDoc's files).

const LOOPBACK_FILE_LINK = /^https?:\/\/(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?(\/server\/(?:index\.php)?\?s=\/?api\/(?:attachment|common)\/visit_?file&sign=[0-9a-f]{32})$/i;

/** The site-relative form of a loopback attachment link, or null for any other URL. */
export function siteFileLink(url: string, origin: string): string | null {
  const m = LOOPBACK_FILE_LINK.exec(url.trim());
  if (!m) return null;
  // opened from that very address: the link works as written
  if (url.trim().toLowerCase().startsWith(origin.toLowerCase() + '/')) return null;
  return m[1];
}

interface ElementLike {
  nodeName: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
}

/** DOMPurify hook: loopback attachment links of images and links → this site's own. */
export function readLoopbackFileLinks(node: ElementLike, origin: string): void {
  const attr = node.nodeName === 'IMG' ? 'src' : node.nodeName === 'A' ? 'href' : null;
  if (!attr) return;
  const own = siteFileLink(node.getAttribute(attr) ?? '', origin);
  if (own) node.setAttribute(attr, own);
}
