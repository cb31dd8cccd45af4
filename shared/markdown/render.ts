// The one Markdown renderer for preview, page view, share pages and exports (DESIGN §8).
// markdown-it turns Markdown into HTML; the caller's sanitizer (DOMPurify in the browser,
// isomorphic-dompurify on the server) removes anything active with one shared configuration.
// Mermaid and KaTeX blocks are emitted as inert placeholders and enhanced later in the browser.
import MarkdownIt from 'markdown-it';
import anchor from 'markdown-it-anchor';
// @ts-expect-error no types published
import taskLists from 'markdown-it-task-lists';

export type Sanitize = (html: string) => string;

/** DOMPurify configuration shared by every render path. */
export const SANITIZE_CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link', 'script'],
  FORBID_ATTR: ['style', 'srcdoc', 'formaction', 'action'],
  ALLOW_DATA_ATTR: false,
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel|ftp):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  ADD_ATTR: ['target', 'data-lang', 'data-mermaid', 'data-math'],
} as const;

export interface RenderOptions {
  sanitize: Sanitize;
  /** syntax highlighter: returns highlighted HTML or '' to fall back to escaped code */
  highlight?: (code: string, lang: string) => string;
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
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const href = String(tokens[idx].attrGet('href') ?? '');
    if (/^https?:\/\//i.test(href)) {
      tokens[idx].attrSet('target', '_blank');
      tokens[idx].attrSet('rel', 'noopener noreferrer nofollow');
    }
    return linkOpen(tokens, idx, options, env, self);
  };

  return {
    render(src: string): Rendered {
      const env = {};
      const tokens = md.parse(src ?? '', env);
      const headings: Heading[] = [];
      for (let i = 0; i < tokens.length; i++) {
        const t = tokens[i];
        if (t.type === 'heading_open') {
          const inline = tokens[i + 1];
          headings.push({ level: Number(t.tag.slice(1)), text: inline?.content ?? '', id: String(t.attrGet('id') ?? '') });
        }
      }
      const html = opts.sanitize(md.renderer.render(tokens, md.options, env));
      return { html, headings };
    },
  };
}
