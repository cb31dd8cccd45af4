// What the sanitizer does to links and images after it cleaned their attributes, in every render
// path (the browser's, and the server's for exports): links that open a new tab never get a
// handle on the page (only _blank is a valid target; links to other sites always open in a new
// tab) and images never tell other hosts which page they are on (raw HTML cannot loosen either).

interface ElementLike {
  nodeName: string;
  hasAttribute(name: string): boolean;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

export function afterSanitizeAttributes(node: ElementLike): void {
  if (node.nodeName === 'IMG') node.setAttribute('referrerpolicy', 'no-referrer');
  if (node.nodeName !== 'A') return;
  if (node.hasAttribute('target') && node.getAttribute('target') !== '_blank') node.removeAttribute('target');
  if (/^(?:https?:)?\/\//i.test(node.getAttribute('href') ?? '')) node.setAttribute('target', '_blank');
  if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer nofollow');
}
