// The placeholder grammar of template strings, read by our own small parser (never eval):
//   text        "Hello @name, you are @integer(18, 60)"; \@ is a literal @; an @ right after a
//               letter or digit (user@example.com) is text
//   placeholder @name or @name(arguments)
//   argument    number | 'text' | "text" | true | false | null | undefined | [argument, …]
//               | @placeholder | bare words (yyyy-MM-dd, 200x100, #FF0000) as text
// Anything else (parentheses, backticks, operators, braces…) makes the placeholder malformed.
import { MOCK_LIMITS } from './limits';
import { excerpt, refuse } from './errors';
import type { ArgValue } from './values';

export interface Placeholder {
  name: string;
  /** null when written without parentheses */
  args: Arg[] | null;
  /** the placeholder as written (for messages) */
  raw: string;
}

export type Arg = { t: 'value'; value: ArgValue } | { t: 'list'; items: Arg[] } | { t: 'placeholder'; ph: Placeholder };

/** literal text or a placeholder */
export type Part = string | Placeholder;

const isNameStart = (c: string | undefined) => c !== undefined && /[A-Za-z_]/.test(c);
const isNameChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c);
const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
/** characters that end a bare word; any of them where a value is expected makes it malformed */
const NOT_BARE = new Set('()[]{}"\'`@\\;=$<>!&|*^~?,'.split(''));
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const KEYWORDS = new Map<string, ArgValue>([
  ['true', true],
  ['false', false],
  ['null', null],
  ['undefined', undefined],
]);

const malformed = (raw: string) =>
  refuse('The mock placeholder "{placeholder}" has malformed arguments: use numbers, quoted strings, true/false, [lists] or other placeholders', {
    placeholder: excerpt(raw),
  });

class ArgReader {
  pos: number;

  constructor(
    private readonly text: string,
    start: number,
  ) {
    this.pos = start;
  }

  private fail(from: number): Error {
    return malformed(this.text.slice(from));
  }

  private skipSpace(): void {
    while (isSpace(this.text[this.pos])) this.pos++;
  }

  /** '@name' or '@name(args)' at the cursor */
  placeholder(depth: number): Placeholder {
    const start = this.pos++;
    while (isNameChar(this.text[this.pos])) this.pos++;
    const name = this.text.slice(start + 1, this.pos);
    let args: Arg[] | null = null;
    if (this.text[this.pos] === '(') {
      this.pos++;
      args = this.list(')', depth + 1, start);
    }
    return { name, args, raw: this.text.slice(start, this.pos) };
  }

  /** arguments up to the closing character (a trailing comma is allowed) */
  private list(close: string, depth: number, from: number): Arg[] {
    if (depth > MOCK_LIMITS.argDepth) {
      throw refuse('The mock placeholder "{placeholder}" nests lists or placeholders deeper than {max} levels', { placeholder: excerpt(this.text.slice(from)), max: MOCK_LIMITS.argDepth });
    }
    const items: Arg[] = [];
    this.skipSpace();
    if (this.text[this.pos] === close) {
      this.pos++;
      return items;
    }
    for (;;) {
      items.push(this.arg(close, depth, from));
      this.skipSpace();
      const c = this.text[this.pos];
      if (c === ',') {
        this.pos++;
        this.skipSpace();
        if (this.text[this.pos] !== close) continue;
        this.pos++;
        return items;
      }
      if (c === close) {
        this.pos++;
        return items;
      }
      throw this.fail(from);
    }
  }

  private arg(close: string, depth: number, from: number): Arg {
    const c = this.text[this.pos];
    if (c === '"' || c === "'") return { t: 'value', value: this.quoted(from) };
    if (c === '[') {
      this.pos++;
      return { t: 'list', items: this.list(']', depth + 1, from) };
    }
    if (c === '@' && isNameStart(this.text[this.pos + 1])) return { t: 'placeholder', ph: this.placeholder(depth) };
    const start = this.pos;
    while (this.pos < this.text.length) {
      const ch = this.text[this.pos];
      if (ch === close || NOT_BARE.has(ch) || ch.charCodeAt(0) < 32) break;
      this.pos++;
    }
    const word = this.text.slice(start, this.pos).trim();
    if (!word) throw this.fail(from);
    if (NUMBER.test(word)) return { t: 'value', value: Number(word) };
    if (KEYWORDS.has(word)) return { t: 'value', value: KEYWORDS.get(word) };
    return { t: 'value', value: word };
  }

  /** a quoted string with JavaScript's simple escapes */
  private quoted(from: number): string {
    const quote = this.text[this.pos++];
    let out = '';
    while (this.pos < this.text.length) {
      const ch = this.text[this.pos++];
      if (ch === quote) return out;
      if (ch !== '\\') {
        out += ch;
        continue;
      }
      const e = this.text[this.pos++];
      if (e === undefined) break;
      const simple: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0' };
      if (Object.hasOwn(simple, e)) out += simple[e];
      else if (e === 'x' || e === 'u') {
        const hex = this.text.slice(this.pos, this.pos + (e === 'x' ? 2 : 4));
        if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== (e === 'x' ? 2 : 4)) throw this.fail(from);
        out += String.fromCharCode(parseInt(hex, 16));
        this.pos += hex.length;
      } else out += e;
    }
    throw this.fail(from);
  }
}

/** Splits template text into literal pieces and placeholders. */
export function parseText(text: string): Part[] {
  const parts: Part[] = [];
  let literal = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\' && text[i + 1] === '@') {
      literal += '@';
      i += 2;
      continue;
    }
    // an @ glued to a word is part of it (an e-mail address), unless a placeholder ends there
    if (ch === '@' && isNameStart(text[i + 1]) && !isNameChar(literal[literal.length - 1])) {
      if (literal) parts.push(literal);
      literal = '';
      const reader = new ArgReader(text, i);
      parts.push(reader.placeholder(0));
      i = reader.pos;
      continue;
    }
    literal += ch;
    i++;
  }
  if (literal) parts.push(literal);
  return parts;
}
