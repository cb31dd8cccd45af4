// Template JSON → a checked tree the interpreter runs. Everything that can be refused is refused
// here, before anything is generated: prototype keys, rules, repeat counts, unknown placeholders,
// malformed arguments, regex values, keys referring to each other in a loop.
import { MOCK_LIMITS } from './limits';
import { excerpt, refuse } from './errors';
import { parseKey, spanMax, type KeyRule } from './keyRule';
import { parseText, type Arg, type Placeholder } from './placeholder';
import { parseRegexValue, type RegexNode } from './regex';
import { generatorNamed } from './generators';
import type { Generator } from './generators/types';
import type { ArgValue } from './values';

export type Node =
  | { t: 'literal'; value: null | boolean | number | string }
  | { t: 'number'; value: number; rule: KeyRule }
  | { t: 'boolean'; value: boolean; rule: KeyRule }
  | { t: 'text'; parts: TextPart[]; rule: KeyRule | null }
  | { t: 'regex'; node: RegexNode; rule: KeyRule | null }
  | ObjectNode
  | { t: 'array'; items: Node[]; rule: KeyRule | null };

export interface ObjectNode {
  t: 'object';
  props: Prop[];
  /** a key's output name → its property (the last one when names repeat) */
  byName: Map<string, Prop>;
  rule: KeyRule | null;
}

export interface Prop {
  name: string;
  node: Node;
  /** sibling names its text refers to (@name) */
  refs: Set<string>;
}

export type TextPart = string | Call;

/** a placeholder: a generator from the fixed table, or a reference to a sibling key */
export interface Call {
  raw: string;
  ref: string | null;
  gen: Generator | null;
  args: CallArg[];
}

export type CallArg = { t: 'value'; value: ArgValue } | { t: 'list'; items: CallArg[] } | { t: 'call'; call: Call };

/** where a string sits: directly in an object, whose other keys it may refer to */
interface Siblings {
  names: Set<string>;
  self: string;
  refs: Set<string>;
}

const NUMERIC = /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i;

function compileCall(ph: Placeholder, where: Siblings | null): Call {
  if (where && ph.name !== where.self && where.names.has(ph.name)) {
    where.refs.add(ph.name);
    return { raw: ph.raw, ref: ph.name, gen: null, args: [] };
  }
  const gen = generatorNamed(ph.name);
  if (!gen) throw refuse('Unknown mock placeholder "{placeholder}" (write \\@ for a literal @)', { placeholder: excerpt(ph.raw) });
  const args = ph.args ?? [];
  if (args.length > gen.maxArgs) {
    throw refuse('The mock placeholder "{placeholder}" takes at most {max} arguments', { placeholder: excerpt(ph.raw), max: gen.maxArgs });
  }
  args.forEach((a, i) => {
    const kind = gen.params[i] ?? 'any';
    const literal = a.t === 'value' ? a.value : a.t === 'list' ? [] : undefined;
    if (kind === 'number' && !(literal === undefined || typeof literal === 'number' || (typeof literal === 'string' && NUMERIC.test(literal)))) {
      throw refuse('The mock placeholder "{placeholder}" expects a number as argument {n}', { placeholder: excerpt(ph.raw), n: i + 1 });
    }
    if (kind === 'list' && a.t === 'value' && a.value !== undefined) {
      throw refuse('The mock placeholder "{placeholder}" expects a [list] as argument {n}', { placeholder: excerpt(ph.raw), n: i + 1 });
    }
  });
  const arg = (a: Arg): CallArg =>
    a.t === 'value' ? a : a.t === 'list' ? { t: 'list', items: a.items.map(arg) } : { t: 'call', call: compileCall(a.ph, where) };
  return { raw: ph.raw, ref: null, gen, args: args.map(arg) };
}

function repeats(key: string, rule: KeyRule | null): void {
  if (rule?.count && spanMax(rule.count) > MOCK_LIMITS.repeat) {
    throw refuse('Mock rule "{key}" repeats more than {max} times', { key: excerpt(key), max: MOCK_LIMITS.repeat });
  }
}

function compileString(s: string, key: string, rule: KeyRule | null, where: Siblings | null): Node {
  const regex = parseRegexValue(s);
  if (regex) {
    repeats(key, rule);
    return { t: 'regex', node: regex.node, rule };
  }
  repeats(key, rule);
  const parts = parseText(s).map((p) => (typeof p === 'string' ? p : compileCall(p, where)));
  if (!rule && parts.every((p) => typeof p === 'string')) return { t: 'literal', value: parts.join('') };
  return { t: 'text', parts, rule };
}

/** sibling references must not loop, nor chain deeper than the limit */
function checkReferences(node: ObjectNode): void {
  const done = new Set<Prop>();
  const visit = (p: Prop, path: Prop[]): void => {
    if (done.has(p)) return;
    if (path.includes(p)) {
      throw refuse('The mock placeholder "{placeholder}" refers to a key that refers back to it', { placeholder: `@${excerpt(p.name)}` });
    }
    if (path.length >= MOCK_LIMITS.referenceDepth) {
      throw refuse('Mock keys refer to each other more than {max} levels deep', { max: MOCK_LIMITS.referenceDepth });
    }
    for (const name of p.refs) visit(node.byName.get(name)!, [...path, p]);
    done.add(p);
  };
  for (const p of node.props) visit(p, []);
}

function compileNode(value: unknown, key: string, rule: KeyRule | null, depth: number, where: Siblings | null): Node {
  if (value === null) return { t: 'literal', value: null };
  switch (typeof value) {
    case 'number':
      if (rule?.decimals && spanMax(rule.decimals) > MOCK_LIMITS.decimals) {
        throw refuse('Mock rule "{key}" asks for more than {max} decimal places', { key: excerpt(key), max: MOCK_LIMITS.decimals });
      }
      return rule ? { t: 'number', value, rule } : { t: 'literal', value };
    case 'boolean':
      return rule ? { t: 'boolean', value, rule } : { t: 'literal', value };
    case 'string':
      return compileString(value, key, rule, where);
    case 'object':
      break;
    default:
      return { t: 'literal', value: null };
  }
  if (depth > MOCK_LIMITS.depth) throw refuse('The mock template is nested deeper than {max} levels', { max: MOCK_LIMITS.depth });
  repeats(key, rule);
  if (Array.isArray(value)) return { t: 'array', items: value.map((v) => compileNode(v, key, null, depth + 1, null)), rule };
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => ({ raw: k, value: v, ...parseKey(k) }));
  const names = new Set(entries.map((e) => e.name));
  const props = entries.map((e): Prop => {
    const refs = new Set<string>();
    const node = compileNode(e.value, e.raw, e.rule, depth + 1, { names, self: e.name, refs });
    return { name: e.name, node, refs };
  });
  const node: ObjectNode = { t: 'object', props, byName: new Map(props.map((p) => [p.name, p])), rule };
  checkReferences(node);
  return node;
}

/** max nesting of [ and { in JSON text (outside strings), counted without parsing */
function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') max = Math.max(max, ++depth);
    else if (c === ']' || c === '}') depth--;
  }
  return max;
}

/** Checks a template's text and compiles it; the refusal says what is wrong. */
export function compileTemplate(text: string): Node {
  if (!text.trim()) throw refuse('The mock template is empty');
  if (text.length > MOCK_LIMITS.templateChars) throw refuse('The mock template is too long (max {max} characters)', { max: MOCK_LIMITS.templateChars });
  if (jsonDepth(text) > MOCK_LIMITS.depth) throw refuse('The mock template is nested deeper than {max} levels', { max: MOCK_LIMITS.depth });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw refuse("For the server's safety the mock template must be valid JSON");
  }
  if (parsed === null || typeof parsed !== 'object') throw refuse('The mock template must be a JSON object or array');
  return compileNode(parsed, '', null, 1, null);
}
