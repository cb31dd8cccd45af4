// Regular-expression values: a JSON template cannot hold a RegExp, so a string written like a
// regex literal ("/\\d{5,10}/") stands for one and yields a matching string, as Mock.js does
// for RegExp values. Our own parser over a bounded subset (characters, classes, escapes, groups,
// alternation, quantifiers up to a limit); backreferences and lookarounds are refused. The
// text is never handed to RegExp, so nothing here can backtrack.
import { MOCK_LIMITS } from './limits';
import { excerpt, refuse } from './errors';
import type { Chance } from './random';

type Ranges = [number, number][];

export type RegexNode =
  | { t: 'seq'; items: RegexNode[] }
  | { t: 'alt'; options: RegexNode[] }
  | { t: 'char'; text: string }
  | { t: 'set'; ranges: Ranges }
  | { t: 'repeat'; node: RegexNode; min: number; max: number | null }
  | { t: 'empty' };

export interface RegexValue {
  source: string;
  node: RegexNode;
}

const PRINTABLE: [number, number] = [32, 126];
const DIGIT: Ranges = [[48, 57]];
const WORD: Ranges = [
  [48, 57],
  [65, 90],
  [95, 95],
  [97, 122],
];
const SPACE: Ranges = [
  [9, 13],
  [32, 32],
];
const NOT_NEWLINE: Ranges = [PRINTABLE];

/** the printable ASCII characters outside the ranges */
function complement(ranges: Ranges): Ranges {
  const out: Ranges = [];
  let from = PRINTABLE[0];
  for (const [lo, hi] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (hi < from || lo > PRINTABLE[1]) continue;
    if (lo > from) out.push([from, lo - 1]);
    from = Math.max(from, hi + 1);
  }
  if (from <= PRINTABLE[1]) out.push([from, PRINTABLE[1]]);
  return out;
}

const TRIGGERS = new Set(['\\', '[', '(', '*', '+', '?', '|', '^', '$']);

/**
 * The body of a string written as a regex literal, or null for ordinary text: it must start with
 * '/', end with '/' and optional flags, hold no unescaped '/' (so paths like "/api/users/" stay
 * text) and use at least one regex construct.
 */
export function regexLiteralBody(s: string): string | null {
  if (s.length < 3 || s[0] !== '/') return null;
  const end = s.lastIndexOf('/');
  if (end <= 1 || !/^[dgimsuy]{0,6}$/.test(s.slice(end + 1))) return null;
  const body = s.slice(1, end);
  let inClass = false;
  let special = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '\\') {
      special = true;
      i++;
    } else if (inClass) {
      if (ch === ']') inClass = false;
    } else if (ch === '/') return null;
    else {
      if (ch === '[') inClass = true;
      if (TRIGGERS.has(ch) || (ch === '{' && /\d/.test(body[i + 1] ?? ''))) special = true;
    }
  }
  return special ? body : null;
}

class RegexParser {
  private i = 0;
  private depth = 0;
  private readonly chars: string[];

  constructor(private readonly source: string) {
    this.chars = Array.from(source);
  }

  private get shown() {
    return excerpt(`/${this.source}/`);
  }

  private invalid() {
    return refuse('The mock regular expression "{regex}" is not valid (at character {at})', { regex: this.shown, at: this.i + 1 });
  }

  private unsupported(feature: string) {
    return refuse('The mock regular expression "{regex}" uses "{feature}": backreferences, lookarounds and Unicode properties cannot be generated', {
      regex: this.shown,
      feature,
    });
  }

  private peek(ahead = 0): string | undefined {
    return this.chars[this.i + ahead];
  }

  parse(): RegexNode {
    const node = this.alternation();
    if (this.i < this.chars.length) throw this.invalid();
    return node;
  }

  private alternation(): RegexNode {
    const options = [this.sequence()];
    while (this.peek() === '|') {
      this.i++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0] : { t: 'alt', options };
  }

  private sequence(): RegexNode {
    const items: RegexNode[] = [];
    while (this.i < this.chars.length && this.peek() !== '|' && this.peek() !== ')') items.push(this.quantified());
    return items.length === 1 ? items[0] : { t: 'seq', items };
  }

  /** {n}, {n,} or {n,m} at the cursor: [length, min, max] */
  private braces(): [number, number, number | null] | null {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(this.chars.slice(this.i, this.i + 24).join(''));
    if (!m) return null;
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === '' ? null : Number(m[3]);
    return [m[0].length, min, max];
  }

  private quantified(): RegexNode {
    const atom = this.atom();
    let q: [number, number | null] | null = null;
    const ch = this.peek();
    if (ch === '*') q = [0, null];
    else if (ch === '+') q = [1, null];
    else if (ch === '?') q = [0, 1];
    if (q) this.i++;
    else if (ch === '{') {
      const b = this.braces();
      if (b) {
        this.i += b[0];
        q = [b[1], b[2]];
      }
    }
    if (!q) return atom;
    const [min, max] = q;
    if (min > MOCK_LIMITS.regexRepeat || (max !== null && max > MOCK_LIMITS.regexRepeat)) {
      throw refuse('The mock regular expression "{regex}" repeats more than {max} times', { regex: this.shown, max: MOCK_LIMITS.regexRepeat });
    }
    if (max !== null && max < min) throw this.invalid();
    if (this.peek() === '?') this.i++; // lazy: the same strings
    if (this.peek() === '*' || this.peek() === '+' || this.peek() === '?' || (this.peek() === '{' && this.braces())) throw this.invalid();
    return { t: 'repeat', node: atom, min, max };
  }

  private atom(): RegexNode {
    const ch = this.chars[this.i++];
    switch (ch) {
      case '(':
        return this.group();
      case '[':
        return this.charClass();
      case '.':
        return { t: 'set', ranges: NOT_NEWLINE };
      case '^':
      case '$':
        return { t: 'empty' };
      case '\\': {
        const e = this.escape(false);
        return typeof e === 'string' ? { t: 'char', text: e } : e === null ? { t: 'empty' } : { t: 'set', ranges: e };
      }
      case '*':
      case '+':
      case '?':
      case ')':
        this.i--;
        throw this.invalid();
      case '{':
        this.i--;
        if (this.braces()) throw this.invalid();
        this.i++;
        return { t: 'char', text: '{' };
      default:
        return { t: 'char', text: ch };
    }
  }

  private group(): RegexNode {
    if (++this.depth > MOCK_LIMITS.depth) {
      throw refuse('The mock regular expression "{regex}" nests groups deeper than {max} levels', { regex: this.shown, max: MOCK_LIMITS.depth });
    }
    if (this.peek() === '?') {
      const next = this.peek(1);
      if (next === ':') this.i += 2;
      else if (next === '=' || next === '!') throw this.unsupported(`(?${next}`);
      else if (next === '<' && (this.peek(2) === '=' || this.peek(2) === '!')) throw this.unsupported(`(?<${this.peek(2)}`);
      else if (next === '<') {
        this.i += 2;
        while (this.i < this.chars.length && /[A-Za-z0-9_$]/.test(this.peek()!)) this.i++;
        if (this.peek() !== '>') throw this.invalid();
        this.i++;
      } else throw this.invalid();
    }
    const node = this.alternation();
    if (this.peek() !== ')') throw this.invalid();
    this.i++;
    this.depth--;
    return node;
  }

  /** after a backslash: a character, a set of ranges, or null for an assertion (\b \B) */
  private escape(inClass: boolean): string | Ranges | null {
    const ch = this.chars[this.i++];
    if (ch === undefined) throw this.invalid();
    switch (ch) {
      case 'd':
        return DIGIT;
      case 'D':
        return complement(DIGIT);
      case 'w':
        return WORD;
      case 'W':
        return complement(WORD);
      case 's':
        return SPACE;
      case 'S':
        return complement(SPACE);
      case 'b':
        return inClass ? '\b' : null;
      case 'B':
        return inClass ? 'B' : null;
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 't':
        return '\t';
      case 'f':
        return '\f';
      case 'v':
        return '\v';
      case '0':
        return '\0';
      case 'x':
      case 'u': {
        const digits = ch === 'x' ? 2 : 4;
        const hex = this.chars.slice(this.i, this.i + digits).join('');
        if (hex.length === digits && /^[0-9a-fA-F]+$/.test(hex)) {
          this.i += digits;
          return String.fromCharCode(parseInt(hex, 16));
        }
        if (ch === 'u' && this.peek() === '{') {
          const close = this.chars.indexOf('}', this.i);
          const code = this.chars.slice(this.i + 1, close).join('');
          if (close > 0 && /^[0-9a-fA-F]{1,6}$/.test(code) && parseInt(code, 16) <= 0x10ffff) {
            this.i = close + 1;
            return String.fromCodePoint(parseInt(code, 16));
          }
        }
        return ch;
      }
      case 'k':
        if (this.peek() === '<') throw this.unsupported('\\k<');
        return ch;
      case 'p':
      case 'P':
        if (this.peek() === '{') throw this.unsupported(`\\${ch}{`);
        return ch;
      case 'c': {
        const letter = this.peek();
        if (letter && /[A-Za-z]/.test(letter)) {
          this.i++;
          return String.fromCharCode(letter.charCodeAt(0) % 32);
        }
        return '\\c';
      }
      default:
        if (/[1-9]/.test(ch)) throw this.unsupported(`\\${ch}`);
        return ch;
    }
  }

  private charClass(): RegexNode {
    const negate = this.peek() === '^';
    if (negate) this.i++;
    const ranges: Ranges = [];
    const item = (): string | Ranges => {
      const ch = this.chars[this.i++];
      if (ch === undefined) throw this.invalid();
      if (ch !== '\\') return ch;
      const e = this.escape(true);
      return e === null ? '' : e;
    };
    while (this.peek() !== ']') {
      if (this.i >= this.chars.length) throw this.invalid();
      const lo = item();
      if (typeof lo !== 'string') {
        ranges.push(...lo);
        continue;
      }
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined) {
        this.i++;
        const hi = item();
        if (typeof hi !== 'string') {
          // [a-\d]: a literal '-' (as browsers read it)
          ranges.push([lo.codePointAt(0)!, lo.codePointAt(0)!], [45, 45], ...hi);
          continue;
        }
        const [a, b] = [lo.codePointAt(0)!, hi.codePointAt(0)!];
        if (a > b) throw this.invalid();
        ranges.push([a, b]);
      } else if (lo) ranges.push([lo.codePointAt(0)!, lo.codePointAt(0)!]);
    }
    this.i++;
    return { t: 'set', ranges: negate ? complement(ranges) : ranges };
  }
}

/** The parsed regex value of a string, or null when the string is ordinary text. */
export function parseRegexValue(s: string): RegexValue | null {
  const body = regexLiteralBody(s);
  if (body === null) return null;
  if (body.length > MOCK_LIMITS.regexChars) {
    throw refuse('The mock regular expression "{regex}" is too long (max {max} characters)', { regex: excerpt(s), max: MOCK_LIMITS.regexChars });
  }
  return { source: body, node: new RegexParser(body).parse() };
}

export interface MatchLimits {
  /** counts one step of work; throws past the limit */
  step(): void;
  tooLong(): Error;
}

/** strings the expression matches, within the limits */
export class MatchGenerator {
  private out = '';
  private maxChars = 0;

  constructor(
    private readonly chance: Chance,
    private readonly limits: MatchLimits,
  ) {}

  generate(node: RegexNode, maxChars: number): string {
    this.out = '';
    this.maxChars = maxChars;
    this.walk(node);
    return this.out;
  }

  private push(s: string): void {
    this.out += s;
    if (this.out.length > this.maxChars) throw this.limits.tooLong();
  }

  private walk(n: RegexNode): void {
    this.limits.step();
    switch (n.t) {
      case 'seq':
        for (const x of n.items) this.walk(x);
        return;
      case 'alt':
        this.walk(this.chance.pick(n.options)!);
        return;
      case 'char':
        this.push(n.text);
        return;
      case 'set': {
        const total = n.ranges.reduce((s, [lo, hi]) => s + hi - lo + 1, 0);
        if (!total) return;
        let k = this.chance.integer(0, total - 1);
        for (const [lo, hi] of n.ranges) {
          if (k <= hi - lo) {
            this.push(String.fromCodePoint(lo + k));
            return;
          }
          k -= hi - lo + 1;
        }
        return;
      }
      case 'repeat': {
        const max = n.max ?? n.min + this.chance.integer(3, 7);
        const times = this.chance.integer(n.min, max);
        for (let k = 0; k < times; k++) this.walk(n.node);
        return;
      }
      case 'empty':
        return;
    }
  }
}
