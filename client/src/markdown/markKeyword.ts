// The keyword a reader searched for, marked in the rendered page (after code highlighting and
// math, which rewrite their elements). Text nodes are split around each match, so no HTML from
// the page is ever re-parsed.

const CLASS = 'search-mark';
// text inside these is drawn by a library or is a mark already
const SKIP = 'svg, .katex, mark, script, style';
const MAX_MARKS = 500;

/** Takes the marks out again (the text is put back as it was). */
export function unmarkKeyword(root: HTMLElement): void {
  for (const mark of root.querySelectorAll(`mark.${CLASS}`)) mark.replaceWith(...mark.childNodes);
  root.normalize();
}

/** Marks every case-insensitive occurrence of `keyword` in root's text; returns the first mark. */
export function markKeyword(root: HTMLElement, keyword: string): HTMLElement | null {
  const k = keyword.trim().toLowerCase();
  if (!k) return null;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n.parentElement?.closest(SKIP) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const found: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const v = n.nodeValue ?? '';
    // a few letters change length when lower-cased: offsets would be wrong there
    if (v.toLowerCase().length === v.length && v.toLowerCase().includes(k)) found.push(n as Text);
  }
  let first: HTMLElement | null = null;
  let count = 0;
  for (let rest of found) {
    for (let i = rest.nodeValue!.toLowerCase().indexOf(k); i >= 0 && count < MAX_MARKS; i = rest.nodeValue!.toLowerCase().indexOf(k), count++) {
      const hit = rest.splitText(i);
      rest = hit.splitText(k.length);
      const mark = document.createElement('mark');
      mark.className = CLASS;
      hit.replaceWith(mark);
      mark.append(hit);
      first ??= mark;
    }
  }
  return first;
}
