// The site's Markdown pipeline on the server, for offline HTML exports: the shared renderer
// (markdown-it, the same plugins), sanitised by DOMPurify with the shared configuration and link
// hooks, code highlighted with highlight.js, math rendered with KaTeX (same options as the
// browser: trust off). Mermaid stays a placeholder the exported page's script draws, strictly.
import hljs from 'highlight.js';
import katex from 'katex';
import { createRenderer, SANITIZE_CONFIG, type Rendered } from '../../../../shared/markdown/render';
import { afterSanitizeAttributes } from '../../../../shared/markdown/purifyHooks';
import { KATEX_OPTIONS } from '../../../../shared/markdown/math';

type Purifier = typeof import('isomorphic-dompurify').default;

/** jsdom costs about 100 MB: loaded by the first export that needs it (pages with raw HTML) */
let purifier: Promise<Purifier> | undefined;
const loadPurifier = () => (purifier ??= import('isomorphic-dompurify').then((m) => m.default));

function highlight(code: string, lang: string): string {
  const name = lang && hljs.getLanguage(lang) ? lang : '';
  if (!name) return '';
  try {
    return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
  } catch {
    return '';
  }
}

const UNESCAPE: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#039;': "'" };
const MATH = /<(span|div) class="(math-inline|math-display|math-block)" data-math="(inline|display)">([\s\S]*?)<\/\1>/g;

/** Math placeholders → KaTeX's HTML and MathML (its output is ours, not the author's: trusted). */
function renderMath(html: string): string {
  if (!html.includes('data-math="')) return html;
  return html.replace(MATH, (whole, tag: string, cls: string, mode: string, tex: string) => {
    try {
      const out = katex.renderToString(tex.replace(/&(?:amp|lt|gt|quot|#0?39);/g, (e) => UNESCAPE[e]), { ...KATEX_OPTIONS, displayMode: mode === 'display' });
      return `<${tag} class="${cls} is-rendered" data-math="${mode}">${out}</${tag}>`;
    } catch {
      return whole;
    }
  });
}

export interface ExportRenderer {
  render(markdown: string): Promise<Rendered>;
}

export function createExportRenderer(): ExportRenderer {
  let purify: Purifier | null = null;
  const sanitize = (html: string): string => {
    if (!purify) throw new Error('sanitizer not loaded');
    // a private hook for this call only: the shared sanitizer instance also serves notices
    const p = purify;
    const hook = (node: Element) => afterSanitizeAttributes(node);
    p.addHook('afterSanitizeAttributes', hook);
    try {
      return p.sanitize(html, SANITIZE_CONFIG as never) as unknown as string;
    } finally {
      p.removeHook('afterSanitizeAttributes', hook);
    }
  };
  const renderer = createRenderer({ sanitize, highlight });
  return {
    async render(markdown) {
      // raw HTML needs the sanitizer (the renderer calls it only then); raw HTML starts with '<'
      if (!purify && /<[a-zA-Z!/?]/.test(markdown)) purify = await loadPurifier();
      const out = renderer.render(markdown);
      return { ...out, html: renderMath(out.html) };
    },
  };
}
