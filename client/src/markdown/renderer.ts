// The browser's instance of the shared renderer (shared/markdown): markdown-it + DOMPurify with
// SANITIZE_CONFIG. Code highlighting, Mermaid and KaTeX happen afterwards, lazily (enhance.ts).
import DOMPurify, { type Config } from 'dompurify';
import { createRenderer, SANITIZE_CONFIG, type Rendered } from '@shared/markdown/render';

const purify = DOMPurify(window);

// links that open a new tab never get a handle on this window; only _blank is a valid target, and
// links to other sites (Markdown or raw HTML) always open in a new tab
purify.addHook('afterSanitizeAttributes', (node) => {
  // images never tell other hosts which page they are on (raw HTML cannot loosen it)
  if (node.nodeName === 'IMG') node.setAttribute('referrerpolicy', 'no-referrer');
  if (node.nodeName !== 'A') return;
  if (node.hasAttribute('target') && node.getAttribute('target') !== '_blank') node.removeAttribute('target');
  if (/^(?:https?:)?\/\//i.test(node.getAttribute('href') ?? '')) node.setAttribute('target', '_blank');
  if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer nofollow');
});

export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, SANITIZE_CONFIG as unknown as Config) as unknown as string;
}

const renderer = createRenderer({ sanitize: sanitizeHtml });

/** The measure the e2e suite reads to check the render budget (50 KB in < 50 ms). */
export const RENDER_MEASURE = 'quire:markdown-render';

export function renderMarkdown(source: string): Rendered {
  const start = performance.now();
  const out = renderer.render(source);
  try {
    performance.measure(RENDER_MEASURE, { start, end: performance.now(), detail: { chars: source.length } });
  } catch {}
  return out;
}
