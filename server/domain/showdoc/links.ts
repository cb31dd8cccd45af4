// Links inside ShowDoc pages that point at its files: visitFile URLs (absolute, with the old host
// and folder, or relative; the classic `server/index.php?s=` and Slim `server/?s=` forms) and
// direct `Public/Uploads/…` paths. Each becomes Quire's site-relative visitFile URL of the same
// file; links to files ShowDoc never recorded stay as they are.

/** Quire's link to a file, as its editor writes it into pages (site-relative) */
const fileUrl = (_base: '', sign: string) => `/server/index.php?s=/api/attachment/visitFile&sign=${sign}`;

import { quireRouteOfShowdocHash } from '../../../shared/showdocRoutes';

export interface FileLinks {
  /** ShowDoc sign → Quire sign (the same unless it collided with a file already in Quire) */
  signs: Map<string, string>;
  /** path under Public/Uploads → Quire sign */
  paths: Map<string, string>;
  /** the old site's address without a trailing slash ('' unknown): its page links become Quire routes */
  siteUrl?: string;
}

// a URL-like token: absolute, rooted, relative with ./ or ../, or starting at server/ or Public/
const TOKEN = /(?:https?:\/\/|\.{0,2}\/|(?<![\w/.])(?=server\/|Public\/Uploads\/))[^\s"'()<>[\]`]+/g;
const VISIT = /^(?:https?:\/\/[^/]+)?(?:[^?]*\/)?server\/(?:index\.php)?\?s=\/?api\/attachment\/visitFile(?:&|&amp;)sign=([0-9A-Za-z]+)/;
const UPLOAD = /^(?:https?:\/\/[^/]+)?(?:[^?]*\/)?Public\/Uploads\/([^?#]+)/;

export function rewriteFileLinks(content: string, links: FileLinks): string {
  if (!content.includes('visitFile') && !content.includes('Public/Uploads/') && !(links.siteUrl && content.includes(links.siteUrl))) return content;
  return content.replace(TOKEN, (token) => {
    const visit = VISIT.exec(token);
    if (visit) {
      const sign = links.signs.get(visit[1]);
      return sign ? fileUrl('', sign) + token.slice(visit[0].length) : token;
    }
    const upload = UPLOAD.exec(token);
    if (upload) {
      const sign = links.paths.get(normalizeUploadPath(upload[1]));
      return sign ? fileUrl('', sign) + token.slice(upload[0].length) : token;
    }
    return links.siteUrl && token.startsWith(links.siteUrl) ? (pageRoute(token.slice(links.siteUrl.length)) ?? token) : token;
  });
}

/** '/web/#/12/34' (what follows the old site's address in a link) → Quire's route, else null */
function pageRoute(rest: string): string | null {
  const m = /^(?:\/web)?\/?(?:index\.html)?(#\/.*)$/.exec(rest);
  return m ? quireRouteOfShowdocHash('/', m[1]) : null;
}

/** the site address as links begin with it: no trailing slash; '' when it is not an http(s) URL */
export function normalizeSiteUrl(url: string | undefined): string {
  const u = (url ?? '').trim().replace(/\/+$/, '');
  return /^https?:\/\/[^/\s]+/.test(u) ? u : '';
}

/** '2021-05-01/a.png' from whatever precedes Public/Uploads/ in a real_url or a link */
export function uploadPathOf(realUrl: string): string | null {
  const m = /Public\/Uploads\/([^?#]+)$/.exec(realUrl.trim());
  return m ? normalizeUploadPath(m[1]) : null;
}

export function normalizeUploadPath(p: string): string {
  let out = p;
  try {
    out = decodeURIComponent(p);
  } catch {
    // a stray % stays as it is
  }
  return out.replace(/\\/g, '/').replace(/^\/+/, '');
}
