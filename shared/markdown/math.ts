// KaTeX syntax for markdown-it: $inline$, $$display$$ (inline or as a block of lines).
// The TeX source is emitted escaped inside an inert placeholder; the browser renders it later
// with KaTeX (trust: false), exports may render it or show the source.
import type { MarkdownIt, StateBlock, StateInline } from 'markdown-it';

const DOLLAR = 0x24;
const BACKSLASH = 0x5c;

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/** `$…$` (pandoc rules: no space inside the delimiters, closing `$` not followed by a digit) and `$$…$$` inline. */
function mathInline(state: StateInline, silent: boolean): boolean {
  const src = state.src;
  const start = state.pos;
  if (src.charCodeAt(start) !== DOLLAR) return false;
  const display = src.charCodeAt(start + 1) === DOLLAR;
  const open = display ? 2 : 1;
  const contentStart = start + open;
  if (contentStart >= state.posMax) return false;
  if (!display && isWhitespace(src.charCodeAt(contentStart))) return false;

  let pos = contentStart;
  while (pos < state.posMax) {
    const code = src.charCodeAt(pos);
    if (code === BACKSLASH) {
      pos += 2;
      continue;
    }
    if (code === DOLLAR) {
      if (display) {
        if (src.charCodeAt(pos + 1) === DOLLAR) break;
      } else if (!isWhitespace(src.charCodeAt(pos - 1))) {
        const next = src.charCodeAt(pos + 1);
        if (!(next >= 0x30 && next <= 0x39)) break;
      }
    }
    pos++;
  }
  if (pos >= state.posMax) return false;
  const content = src.slice(contentStart, pos);
  if (!content.trim()) return false;
  if (!silent) {
    const token = state.push(display ? 'math_inline_display' : 'math_inline', 'span', 0);
    token.markup = display ? '$$' : '$';
    token.content = content;
  }
  state.pos = pos + open;
  return true;
}

/** A block that starts with `$$` on its own line (or `$$ tex $$` on one line). */
function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  let pos = state.bMarks[startLine] + state.tShift[startLine];
  let max = state.eMarks[startLine];
  if (state.sCount[startLine] - state.blkIndent >= 4) return false;
  if (pos + 2 > max || state.src.slice(pos, pos + 2) !== '$$') return false;
  pos += 2;
  let first = state.src.slice(pos, max);
  let last = '';
  let found = false;
  if (first.trim().endsWith('$$')) {
    first = first.trim().slice(0, -2);
    found = true;
  }
  if (silent) return true;

  let next = startLine;
  while (!found) {
    next++;
    if (next >= endLine) break;
    pos = state.bMarks[next] + state.tShift[next];
    max = state.eMarks[next];
    if (pos < max && state.tShift[next] < state.blkIndent) break;
    const line = state.src.slice(pos, max).trim();
    if (line.endsWith('$$')) {
      last = line.slice(0, -2);
      found = true;
    }
  }
  if (!found) return false;
  state.line = next + 1;
  const token = state.push('math_block', 'div', 0);
  token.block = true;
  token.content =
    (first.trim() ? first + '\n' : '') + state.getLines(startLine + 1, next, state.tShift[startLine], true) + (last.trim() ? last : '');
  token.map = [startLine, state.line];
  token.markup = '$$';
  return true;
}

export function mathPlugin(md: MarkdownIt): void {
  md.inline.ruler.after('escape', 'math_inline', mathInline);
  md.block.ruler.after('blockquote', 'math_block', mathBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  const esc = md.utils.escapeHtml;
  md.renderer.rules.math_inline = (tokens, idx) => `<span class="math-inline" data-math="inline">${esc(tokens[idx].content)}</span>`;
  md.renderer.rules.math_inline_display = (tokens, idx) => `<span class="math-display" data-math="display">${esc(tokens[idx].content)}</span>`;
  md.renderer.rules.math_block = (tokens, idx) => `<div class="math-block" data-math="display">${esc(tokens[idx].content.trim())}</div>\n`;
}

/**
 * KaTeX for every render path (the browser, and exports rendered on the server): trust: false
 * keeps \href{javascript:…}, \htmlData and friends inert; maxExpand and maxSize cap macro bombs.
 */
export const KATEX_OPTIONS = { throwOnError: false, trust: false, strict: 'ignore', maxExpand: 200, maxSize: 20, output: 'htmlAndMathml' } as const;
