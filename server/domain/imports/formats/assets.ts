// Files a Markdown page of an archive links to by a relative path (![](img/a.png), <img src>,
// [spec](files/spec.pdf), reference definitions): each link is replaced by a placeholder that
// the writer turns into the attachment's URL once the file is stored (or back into the original
// text when it cannot be). Links outside fenced code, to files inside the archive only.
import posix from 'node:path/posix';
import type { AssetLink } from '../plan';

const INLINE = /(!?)\[((?:[^[\]\n]|\[[^\]\n]*\])*)\]\(\s*(<[^>\n]+>|[^\s)]+)((?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?\s*)\)/g;
const REFERENCE = /^( {0,3}\[[^\]\n]+\]:[ \t]*)(<[^>\n]+>|\S+)/gm;
const IMG_TAG = /(<img\b[^>]*?\bsrc\s*=\s*)("([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const FENCE = /^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n {0,3}\2[`~]*[ \t]*(?=\n|$)|$)/gm;

let counter = 0;
/** A placeholder no one types: private-use characters around a number. */
const newToken = () => `\uE000${(++counter).toString(36)}\uE001`;

export const TOKEN_PATTERN = /\uE000[0-9a-z]+\uE001/g;

export interface AssetLookup {
  /** the archive path when such a file exists (exact, else ignoring case) */
  find(path: string): string | undefined;
}

/** The archive path a link points to from a page at `fromDir`, or undefined for URLs and paths outside. */
export function resolveLink(target: string, fromDir: string): string | undefined {
  let t = target.trim();
  if (t.startsWith('<') && t.endsWith('>')) t = t.slice(1, -1);
  if (!t || /^[a-z][a-z0-9+.-]*:/i.test(t) || t.startsWith('/') || t.startsWith('#') || t.startsWith('?') || t.startsWith('\\')) return undefined;
  t = t.split('#')[0].split('?')[0];
  try {
    t = decodeURIComponent(t);
  } catch {}
  t = t.replace(/\\/g, '/');
  const joined = posix.normalize(posix.join(fromDir || '.', t));
  if (joined === '.' || joined.startsWith('../') || joined === '..' || posix.isAbsolute(joined)) return undefined;
  return joined;
}

/**
 * The content with its relative links to archive files replaced by placeholders, and the links.
 * `accept` says whether a file may become an attachment (images are checked for being images later).
 */
export function extractAssetLinks(content: string, fromDir: string, files: AssetLookup, accept: (path: string) => boolean): { content: string; links: AssetLink[] } {
  const links: AssetLink[] = [];
  const swap = (target: string, image: boolean): string | undefined => {
    const resolved = resolveLink(target, fromDir);
    if (!resolved) return undefined;
    const path = files.find(resolved);
    if (!path || !accept(path)) return undefined;
    const token = newToken();
    links.push({ token, path, original: target, image });
    return token;
  };
  const outsideCode = (text: string) =>
    text
      .replace(INLINE, (m, bang: string, label: string, target: string, title: string) => {
        const token = swap(target, bang === '!');
        return token ? `${bang}[${label}](${token}${title})` : m;
      })
      .replace(REFERENCE, (m, head: string, target: string) => {
        const token = swap(target, /\.(png|jpe?g|gif|bmp|webp)$/i.test(target));
        return token ? `${head}${token}` : m;
      })
      .replace(IMG_TAG, (m, head: string, _q: string, dq?: string, sq?: string, bare?: string) => {
        const target = dq ?? sq ?? bare ?? '';
        const token = swap(target, true);
        return token ? `${head}"${token}"` : m;
      });
  let out = '';
  let last = 0;
  for (const m of content.matchAll(FENCE)) {
    out += outsideCode(content.slice(last, m.index)) + m[0];
    last = m.index! + m[0].length;
  }
  out += outsideCode(content.slice(last));
  return { content: out, links };
}

/** The content with every placeholder replaced: the URL of its stored file, or the original link. */
export function fillAssetLinks(content: string, links: AssetLink[], urlOf: (path: string) => string | undefined): string {
  if (!links.length) return content;
  const byToken = new Map(links.map((l) => [l.token, l]));
  return content.replace(TOKEN_PATTERN, (token) => {
    const link = byToken.get(token);
    if (!link) return token;
    return urlOf(link.path) ?? link.original;
  });
}
