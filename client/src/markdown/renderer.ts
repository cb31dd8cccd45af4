// The browser's instance of the shared renderer (shared/markdown): markdown-it + DOMPurify with
// SANITIZE_CONFIG. Code highlighting, Mermaid and KaTeX happen afterwards, lazily (enhance.ts).
import DOMPurify, { type Config } from 'dompurify';
import { createRenderer, SANITIZE_CONFIG, type Rendered } from '@shared/markdown/render';
import { afterSanitizeAttributes } from '@shared/markdown/purifyHooks';
import { readLoopbackFileLinks, siteFileLink } from './fileLinks';

const purify = DOMPurify(window);

// links open safely, images send no referrer (shared with the server's render for exports)
// attachment links once written as http://localhost:<port>/… still show under this address (in
// raw HTML here — first, so the link rules below see the site's own link — in Markdown below)
purify.addHook('afterSanitizeAttributes', (node) => readLoopbackFileLinks(node as Element, location.origin));
purify.addHook('afterSanitizeAttributes', (node) => afterSanitizeAttributes(node as Element));

export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, SANITIZE_CONFIG as unknown as Config) as unknown as string;
}

const renderer = createRenderer({ sanitize: sanitizeHtml, rewriteUrl: (url) => siteFileLink(url, location.origin) });

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
