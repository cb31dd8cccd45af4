// The one Markdown renderer for preview, page view, share pages and exports (DESIGN §8).
// markdown-it turns Markdown into HTML; the caller's sanitizer (DOMPurify in the browser,
// isomorphic-dompurify on the server) removes anything active with one shared configuration.
// Mermaid and KaTeX blocks are emitted as inert placeholders and enhanced later in the browser.
import MarkdownIt, { type Token } from 'markdown-it';
import anchor from 'markdown-it-anchor';
// @ts-expect-error no types published
import taskLists from 'markdown-it-task-lists';
import { mathPlugin } from './math';

export type Sanitize = (html: string) => string;

/** DOMPurify configuration shared by every render path. */
export const SANITIZE_CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link', 'script'],
  FORBID_ATTR: ['style', 'srcdoc', 'formaction', 'action'],
  ALLOW_DATA_ATTR: false,
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel|ftp):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  ADD_ATTR: ['target', 'data-lang', 'data-mermaid', 'data-math', 'referrerpolicy'],
} as const;

export interface RenderOptions {
  sanitize: Sanitize;
  /** syntax highlighter: returns highlighted HTML or '' to fall back to escaped code */
  highlight?: (code: string, lang: string) => string;
  /** another address for a link's or image's URL (the browser reads loopback attachment links as its own), or null */
  rewriteUrl?: (url: string) => string | null;
}

export interface Heading {
  level: number;
  text: string;
  id: string;
}

export interface Rendered {
  html: string;
  headings: Heading[];
}

export function slugify(s: string): string {
  return encodeURIComponent(String(s).trim().toLowerCase().replace(/\s+/g, '-'));
}

/** Plain text of an inline token (what a reader sees), for the table of contents. */
function inlineText(inline: Token | undefined): string {
  if (!inline) return '';
  if (!inline.children) return inline.content;
  let text = '';
  for (const child of inline.children) {
    if (child.type === 'text' || child.type === 'code_inline' || child.type === 'math_inline' || child.type === 'math_inline_display') {
      text += child.content;
    } else if (child.type === 'softbreak' || child.type === 'hardbreak') {
      text += ' ';
    } else if (child.type === 'image') {
      text += child.content;
    }
  }
  return text.trim();
}

/** Marks a page's content so the browser knows which lazy enhancements it needs. */
export interface ContentFeatures {
  code: boolean;
  mermaid: boolean;
  math: boolean;
}

export function createRenderer(opts: RenderOptions) {
  const md = new MarkdownIt({
    html: true,
    linkify: true,
    breaks: false,
    highlight: (code, lang) => {
      if (lang === 'mermaid') return '';
      return opts.highlight ? opts.highlight(code, lang) : '';
    },
  });
  md.use(anchor, { slugify, tabIndex: false });
  md.use(taskLists, { enabled: false });
  md.use(mathPlugin);

  // task-list checkboxes: markdown-it-task-lists emits <input> (which the sanitizer forbids);
  // show an inert box instead
  md.core.ruler.push('task_checkbox_inert', (state) => {
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children) continue;
      for (const child of block.children) {
        if (child.type === 'html_inline' && child.content.startsWith('<input class="task-list-item-checkbox"')) {
          const done = child.content.includes('checked=""');
          child.content = `<span class="task-list-item-checkbox${done ? ' is-checked' : ''}" role="img" aria-label="${done ? 'done' : 'to do'}"></span>`;
          child.meta = { ...(child.meta ?? {}), [OWN_HTML]: true };
        }
      }
    }
  });

  // mermaid blocks become placeholders holding the source as text (rendered later, strict mode)
  const fence = md.renderer.rules.fence!;
  md.renderer.rules.fence = (tokens, idx, options, env, self) => {
    const t = tokens[idx];
    const lang = t.info.trim().split(/\s+/)[0];
    if (lang === 'mermaid') return `<div class="mermaid-block" data-mermaid="1">${md.utils.escapeHtml(t.content)}</div>\n`;
    return fence(tokens, idx, options, env, self);
  };

  // links open safely
  const linkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  const rewrite = (token: Token, attr: string) => {
    const own = opts.rewriteUrl?.(String(token.attrGet(attr) ?? ''));
    if (own) token.attrSet(attr, own);
  };
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    rewrite(tokens[idx], 'href');
    const href = String(tokens[idx].attrGet('href') ?? '');
    if (/^(?:https?:)?\/\//i.test(href)) {
      tokens[idx].attrSet('target', '_blank');
      tokens[idx].attrSet('rel', 'noopener noreferrer nofollow');
    }
    return linkOpen(tokens, idx, options, env, self);
  };

  // images load lazily and never send a referrer to other hosts
  const image = md.renderer.rules.image!;
  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    rewrite(tokens[idx], 'src');
    tokens[idx].attrSet('loading', 'lazy');
    tokens[idx].attrSet('referrerpolicy', 'no-referrer');
    return image(tokens, idx, options, env, self);
  };

  // wide tables scroll inside their own box instead of widening the page
  md.renderer.rules.table_open = () => '<div class="table-wrap"><table>\n';
  md.renderer.rules.table_close = () => '</table></div>\n';

  return {
    render(src: string): Rendered {
      const env = {};
      const tokens = md.parse(src ?? '', env);
      const headings: Heading[] = [];
      for (let i = 0; i < tokens.length; i++) {
        const t = tokens[i];
        if (t.type === 'heading_open') {
          headings.push({ level: Number(t.tag.slice(1)), text: inlineText(tokens[i + 1]), id: String(t.attrGet('id') ?? '') });
        }
      }
      const out = md.renderer.render(tokens, md.options, env);
      // Without raw HTML in the source, markdown-it's output is safe by construction (text and
      // attributes escaped, javascript:/vbscript:/file:/data: links refused — its html:false
      // guarantee); the sanitizer (the costly half of a render) runs whenever raw HTML is present.
      const html = containsRawHtml(tokens) ? opts.sanitize(out) : out;
      return { html, headings };
    },
  };
}

/** Marks html_inline tokens this renderer wrote itself (task-list boxes): not user HTML. */
const OWN_HTML = 'quireOwnHtml';

/** Whether the source carried raw HTML (html_block / html_inline written by the author). */
export function containsRawHtml(tokens: Token[]): boolean {
  for (const t of tokens) {
    if (t.type === 'html_block') return true;
    if (t.type === 'html_inline' && !t.meta?.[OWN_HTML]) return true;
    if (t.children && containsRawHtml(t.children)) return true;
  }
  return false;
}

/** Which lazy enhancements a rendered page needs (cheap string checks on the sanitised HTML). */
export function contentFeatures(html: string): ContentFeatures {
  return {
    code: html.includes('<code class="language-'),
    mermaid: html.includes('data-mermaid="1"'),
    math: html.includes('data-math="'),
  };
}
