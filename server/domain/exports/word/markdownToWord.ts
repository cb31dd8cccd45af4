// Markdown → Word structure: markdown-it's tokens (the parser the site renders pages with, and
// its math syntax) become WordprocessingML — headings, runs in bold/italic/strike/code, links,
// ordered and bullet lists (nested; each ordered list counts from 1), task boxes, tables with a
// header row repeated on each page, code blocks in the Code style, block quotes, images from the
// item's files. Mermaid diagrams and math stay as their source, in code style. Raw HTML keeps
// its text only. Images on other sites are never fetched: their link is shown instead.
import MarkdownIt, { type Token } from 'markdown-it';
import { mathPlugin } from '../../../../shared/markdown/math';
import { BULLET_NUM_ID, lineBreak, paragraph, run, table, hyperlink, type CellXml, type ParaProps, type RunProps } from './ooxml';

export const CODE_STYLE = 'Code';
export const QUOTE_STYLE = 'Quote';
export const INLINE_CODE_STYLE = 'InlineCode';

/** What the converter needs from the document it writes into. */
export interface WordBody {
  /** the Word heading level (1–6) a Markdown `#` heading gets; deeper ones follow, capped at 6 */
  headingBase: number;
  /** a picture run for one of the item's images, or null (the link or the alt text is shown instead) */
  picture(src: string, alt: string): string | null;
  /** the relationship id of an external link */
  link(href: string): string;
  /** a new ordered list's numbering id (each counts from 1) */
  orderedList(): number;
}

const md = new MarkdownIt({ html: true, linkify: true, breaks: false }).use(mathPlugin);

export function parseMarkdown(src: string): Token[] {
  return md.parse(src ?? '', {});
}

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (m, e: string) => {
    if (e[0] === '#') {
      const cp = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
    }
    return ENTITY[e.toLowerCase()] ?? m;
  });
}

/** The visible text of raw HTML (tags dropped, block ends as line breaks). */
export function htmlText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|li|tr|h[1-6]|pre|blockquote|table)\s*>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  );
}

export const isWebLink = (href: string) => /^(?:https?:|mailto:)/i.test(href);

interface ListState {
  numId: number;
  level: number;
  /** the next paragraph starts a list item (gets the number or bullet) */
  itemStart: boolean;
}

interface Ctx {
  quote: number;
  lists: ListState[];
}

/** The token closing the one at `i` (same nesting level). */
function closeOf(tokens: Token[], i: number): number {
  const open = tokens[i];
  const want = open.type.replace(/_open$/, '_close');
  for (let j = i + 1; j < tokens.length; j++) if (tokens[j].type === want && tokens[j].level === open.level) return j;
  return tokens.length - 1;
}

export class MarkdownToWord {
  constructor(private readonly body: WordBody) {}

  /** The page's Markdown as body XML. */
  convert(src: string): string {
    const tokens = parseMarkdown(src);
    const out: string[] = [];
    this.blocks(tokens, 0, tokens.length, { quote: 0, lists: [] }, out);
    return out.join('');
  }

  private blocks(tokens: Token[], start: number, end: number, ctx: Ctx, out: string[]): void {
    let i = start;
    while (i < end) {
      const t = tokens[i];
      switch (t.type) {
        case 'heading_open': {
          const level = Math.min(6, this.body.headingBase + Number(t.tag.slice(1)) - 1);
          out.push(paragraph(this.inline(tokens[i + 1]), { style: `Heading${level}` }));
          i += 3;
          break;
        }
        case 'paragraph_open':
          out.push(this.paragraph(this.inline(tokens[i + 1], {}, ctx.lists.at(-1)?.itemStart ?? false), ctx));
          i += 3;
          break;
        case 'bullet_list_open':
        case 'ordered_list_open': {
          const close = closeOf(tokens, i);
          const numId = t.type === 'ordered_list_open' ? this.body.orderedList() : BULLET_NUM_ID;
          const list: ListState = { numId, level: Math.min(ctx.lists.length, 8), itemStart: false };
          this.blocks(tokens, i + 1, close, { ...ctx, lists: [...ctx.lists, list] }, out);
          i = close + 1;
          break;
        }
        case 'list_item_open': {
          const close = closeOf(tokens, i);
          const list = ctx.lists.at(-1);
          if (list) list.itemStart = true;
          this.blocks(tokens, i + 1, close, ctx, out);
          // an empty item still shows its number
          if (list?.itemStart) out.push(this.paragraph('', ctx));
          i = close + 1;
          break;
        }
        case 'blockquote_open': {
          const close = closeOf(tokens, i);
          this.blocks(tokens, i + 1, close, { ...ctx, quote: ctx.quote + 1 }, out);
          i = close + 1;
          break;
        }
        case 'fence':
        case 'code_block':
        case 'math_block':
          // two code blocks in a row would share one border box in Word
          if (out.at(-1)?.includes(`<w:pStyle w:val="${CODE_STYLE}"/>`)) out.push(paragraph('', { spacingAfter: 0 }));
          out.push(this.code(t.content, ctx));
          i++;
          break;
        case 'table_open': {
          const close = closeOf(tokens, i);
          out.push(this.table(tokens, i, close));
          i = close + 1;
          break;
        }
        case 'hr':
          out.push(paragraph('', { bottomBorder: true }));
          i++;
          break;
        case 'html_block':
          for (const line of htmlText(t.content).split('\n')) {
            if (line.trim()) out.push(this.paragraph(run(line.trim()), ctx));
          }
          i++;
          break;
        default:
          i++;
      }
    }
  }

  /** indentation of text inside lists and nested quotes (the Quote style indents one level; list items' first paragraphs get the numbering's) */
  private indentOf(ctx: Ctx): number {
    return 420 * ctx.lists.length + 360 * Math.max(0, ctx.quote - 1);
  }

  private paragraph(content: string, ctx: Ctx): string {
    const list = ctx.lists.at(-1);
    const p: ParaProps = ctx.quote > 0 ? { style: QUOTE_STYLE } : {};
    if (list?.itemStart) {
      list.itemStart = false;
      return paragraph(content, { ...p, numbering: { numId: list.numId, level: list.level } });
    }
    const indent = this.indentOf(ctx);
    return paragraph(content, { ...p, ...(indent ? { indent } : {}) });
  }

  private code(source: string, ctx: Ctx): string {
    const text = source.replace(/\n+$/, '').replace(/\t/g, '    ');
    const indent = this.indentOf(ctx);
    return paragraph(run(text || ' '), { style: CODE_STYLE, ...(indent ? { indent } : {}) });
  }

  private table(tokens: Token[], start: number, end: number): string {
    const rows: CellXml[][] = [];
    let header = false;
    let cells: CellXml[] = [];
    for (let i = start; i < end; i++) {
      const t = tokens[i];
      if (t.type === 'thead_open') header = true;
      else if (t.type === 'thead_close') header = false;
      else if (t.type === 'tr_open') cells = [];
      else if (t.type === 'tr_close') rows.push(cells);
      else if (t.type === 'th_open' || t.type === 'td_open') {
        const align = /text-align:\s*(center|right)/.exec(String(t.attrGet('style') ?? ''))?.[1] as 'center' | 'right' | undefined;
        const content = this.inline(tokens[i + 1], header ? { bold: true } : {});
        cells.push({ header, content: paragraph(content, { spacingAfter: 0, ...(align ? { align } : {}) }) });
      }
    }
    return table(rows);
  }

  private image(token: Token): string {
    const src = String(token.attrGet('src') ?? '');
    const alt = token.content || '';
    const pic = src ? this.body.picture(src, alt) : null;
    if (pic) return pic;
    const label = `[${alt || 'image'}]`;
    // never fetched (a page's author must not make the server call hosts): the address is shown
    if (isWebLink(src)) return hyperlink(this.body.link(src), run(`${label} ${src}`, { style: 'Hyperlink' }));
    return run(label, { italics: true });
  }

  /** The runs of an inline token; `taskBox`: the paragraph starts a list item (a `[ ]` becomes a box). */
  private inline(inline: Token | undefined, base: RunProps = {}, taskBox = false): string {
    const out: string[] = [];
    let bold = base.bold ? 1 : 0;
    let italics = base.italics ? 1 : 0;
    let strike = 0;
    let link: { href: string; runs: string[] } | null = null;
    const push = (x: string) => (link ? link.runs : out).push(x);
    const text = (s: string, extra: RunProps = {}) =>
      push(run(s, { bold: bold > 0, italics: italics > 0, strike: strike > 0, ...(link && isWebLink(link.href) ? { style: 'Hyperlink' } : {}), ...extra }));
    (inline?.children ?? []).forEach((c, n) => {
      switch (c.type) {
        case 'text':
          text(taskBox && n === 0 ? c.content.replace(/^\[([ xX])\]\s+/, (_m, x: string) => (x === ' ' ? '☐ ' : '☑ ')) : c.content);
          break;
        case 'code_inline':
        case 'math_inline':
        case 'math_inline_display':
          text(c.content, { style: INLINE_CODE_STYLE });
          break;
        case 'strong_open':
          bold++;
          break;
        case 'strong_close':
          bold--;
          break;
        case 'em_open':
          italics++;
          break;
        case 'em_close':
          italics--;
          break;
        case 's_open':
          strike++;
          break;
        case 's_close':
          strike--;
          break;
        case 'softbreak':
          text(' ');
          break;
        case 'hardbreak':
          push(lineBreak());
          break;
        case 'link_open':
          link = { href: String(c.attrGet('href') ?? ''), runs: [] };
          break;
        case 'link_close':
          if (link) {
            const l: { href: string; runs: string[] } = link;
            link = null;
            out.push(isWebLink(l.href) ? hyperlink(this.body.link(l.href), l.runs.join('')) : l.runs.join(''));
          }
          break;
        case 'image':
          if (link) {
            const pic = this.body.picture(String(c.attrGet('src') ?? ''), c.content || '');
            push(pic ?? run(`[${c.content || 'image'}]`, { italics: true }));
          } else out.push(this.image(c));
          break;
        case 'html_inline':
          if (/^<br\s*\/?>$/i.test(c.content)) push(lineBreak());
          break;
      }
    });
    if (link) out.push((link as { runs: string[] }).runs.join(''));
    return out.join('');
  }
}
