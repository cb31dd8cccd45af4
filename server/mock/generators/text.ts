// @word @sentence @paragraph @title and their Chinese forms @cword @csentence @cparagraph @ctitle.
import { CHINESE_CHARS } from '../tables/chinese';
import { asText, toInt, type ArgValue } from '../values';
import { chars, natural, POOLS } from './basic';
import { generator, type GenContext } from './types';

/** () a default count between lo and hi; (n) n; (min, max) between them */
function count(cx: GenContext, lo: number, hi: number, min: ArgValue, max: ArgValue): number {
  if (min === undefined) return natural(cx, lo, hi);
  if (max === undefined) return toInt(min, lo);
  return natural(cx, toInt(min, lo), toInt(max, hi));
}

/** n pieces joined, refused as soon as they outgrow the output budget */
function joined(cx: GenContext, n: number, piece: () => string, separator: string): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; i < n; i++) {
    const p = piece();
    size += p.length + separator.length;
    cx.budget.ensure(size);
    parts.push(p);
  }
  return parts.join(separator);
}

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const word = (cx: GenContext, min?: ArgValue, max?: ArgValue) => chars(cx, POOLS.lower, count(cx, 3, 10, min, max));

const chinesePool = Array.from(CHINESE_CHARS);

/** () one character; (pool); (length); (pool, length); (min, max); (pool, min, max) */
export function cword(cx: GenContext, args: ArgValue[]): string {
  let from = chinesePool;
  let length = 1;
  const [a, b, c] = args;
  const isPool = typeof a === 'string' && !/^\s*-?\d+\s*$/.test(a);
  if (args.length === 1) {
    if (isPool) from = Array.from(a);
    else length = toInt(a, 1);
  } else if (args.length === 2) {
    if (isPool) [from, length] = [Array.from(a), toInt(b, 1)];
    else length = natural(cx, toInt(a, 1), toInt(b, 1));
  } else if (args.length >= 3) {
    from = Array.from(asText(a));
    length = natural(cx, toInt(b, 1), toInt(c, 1));
  }
  length = Math.max(0, length);
  cx.budget.ensure(length);
  let out = '';
  for (let i = 0; i < length; i++) out += cx.chance.pick(from) ?? '';
  return out;
}

const sentence = (cx: GenContext, min?: ArgValue, max?: ArgValue) => capitalize(joined(cx, count(cx, 12, 18, min, max), () => word(cx), ' ')) + '.';
const csentence = (cx: GenContext, min?: ArgValue, max?: ArgValue) => joined(cx, count(cx, 12, 18, min, max), () => cword(cx, []), '') + '。';

export const text = {
  word: generator(['number', 'number'], ([min, max], cx) => word(cx, min, max)),
  cword: generator(['any', 'number', 'number'], (args, cx) => cword(cx, args)),
  sentence: generator(['number', 'number'], ([min, max], cx) => sentence(cx, min, max)),
  csentence: generator(['number', 'number'], ([min, max], cx) => csentence(cx, min, max)),
  paragraph: generator(['number', 'number'], ([min, max], cx) => joined(cx, count(cx, 3, 7, min, max), () => sentence(cx), ' ')),
  cparagraph: generator(['number', 'number'], ([min, max], cx) => joined(cx, count(cx, 3, 7, min, max), () => csentence(cx), '')),
  title: generator(['number', 'number'], ([min, max], cx) => joined(cx, count(cx, 3, 7, min, max), () => capitalize(word(cx)), ' ')),
  ctitle: generator(['number', 'number'], ([min, max], cx) => joined(cx, count(cx, 3, 7, min, max), () => cword(cx, []), '')),
};
