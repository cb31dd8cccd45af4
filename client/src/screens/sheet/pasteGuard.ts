// fortune-sheet reads pasted HTML by assigning it to a detached element's innerHTML, which
// fetches its images and, were it not for our CSP, would run its event handlers. HTML copied
// from another site is therefore cleaned before the grid sees it: only the table structure and
// the styles fortune-sheet reads are kept (test/security/s19-sheet-formula-xss.browser.test.ts).
import DOMPurify from 'dompurify';

const purify = DOMPurify(window);

/** What a pasted table may keep: cells, spans, text styles. No images, links, forms or scripts. */
const TABLE_ONLY = {
  ALLOWED_TAGS: ['table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'col', 'colgroup', 'style', 'span', 'font', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'br', 'p', 'div'],
  ALLOWED_ATTR: ['style', 'class', 'colspan', 'rowspan', 'width', 'height', 'align', 'valign', 'color', 'face', 'size'],
  // Excel puts its class styles in a <style> before the table; keep it in the body
  FORCE_BODY: true,
};

export function cleanPastedHtml(html: string): string {
  return purify.sanitize(html, TABLE_ONLY);
}

/** Events we re-dispatched ourselves, which pass through untouched. */
const cleaned = new WeakSet<Event>();

function onPaste(e: ClipboardEvent): void {
  if (cleaned.has(e) || !e.clipboardData) return;
  const html = e.clipboardData.getData('text/html');
  if (!html) return;
  const plain = e.clipboardData.getData('text/plain');
  // stop the original before any other listener (fortune-sheet listens on document) reads it
  e.stopImmediatePropagation();
  e.preventDefault();
  // fortune-sheet handles both the grid paste and the paste inside a cell being edited (as text)
  const target = e.target instanceof Node ? e.target : document;
  const data = new DataTransfer();
  data.setData('text/html', cleanPastedHtml(html));
  if (plain) data.setData('text/plain', plain);
  const copy = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
  cleaned.add(copy);
  target.dispatchEvent(copy);
}

/** Cleans every paste while the grid is on screen; returns the undo. */
export function guardPaste(): () => void {
  window.addEventListener('paste', onPaste, true);
  return () => window.removeEventListener('paste', onPaste, true);
}
