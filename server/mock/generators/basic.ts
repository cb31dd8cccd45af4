// @boolean @natural @integer @float @character @string @range (Mock.Random's basics).
import { asText, toInt, type ArgValue } from '../values';
import { generator, type GenContext } from './types';

const MAX_SAFE = 9007199254740992;

export const POOLS: Record<string, string> = {
  lower: 'abcdefghijklmnopqrstuvwxyz',
  upper: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  number: '0123456789',
  symbol: '!@#$%^&*()[]',
};
POOLS.alpha = POOLS.lower + POOLS.upper;
/** every character of the named pools: @string and @character without a pool */
export const ALL = POOLS.alpha + POOLS.number + POOLS.symbol;

export const natural = (cx: GenContext, min = 0, max = MAX_SAFE) => cx.chance.integer(min, max);

/** a named pool (lower, upper, number, symbol, alpha), the text itself, or every character */
export function pool(v: ArgValue): string {
  if (v === undefined) return ALL;
  const text = asText(v);
  return Object.hasOwn(POOLS, text.toLowerCase()) ? POOLS[text.toLowerCase()] : text;
}

/** length characters of a pool, within the output budget */
export function chars(cx: GenContext, from: string, length: number): string {
  const n = Math.max(0, length);
  cx.budget.ensure(n);
  let out = '';
  for (let i = 0; i < n; i++) out += cx.chance.char(from);
  return out;
}

const truthy = (v: ArgValue) => v === true || v === 'true' || (v !== false && v !== 'false' && !!v);

export const basic = {
  // (min, max, current): current with the odds min:max, else its opposite; () a fair coin
  boolean: generator(['number', 'number', 'any'], (args, cx) => {
    const [min, max, current] = args;
    if (current === undefined) return cx.chance.bool();
    const a = toInt(min, 1);
    const b = toInt(max, 1);
    const odds = a + b > 0 ? a / (a + b) : 0.5;
    return cx.chance.unit() > odds ? !truthy(current) : truthy(current);
  }),
  natural: generator(['number', 'number'], ([min, max], cx) => natural(cx, toInt(min, 0), toInt(max, MAX_SAFE))),
  integer: generator(['number', 'number'], ([min, max], cx) => cx.chance.integer(toInt(min, -MAX_SAFE), toInt(max, MAX_SAFE))),
  // (min, max, dmin, dmax): dmin–dmax decimals (at most 17), the last one never 0
  float: generator(['number', 'number', 'number', 'number'], ([min, max, dmin, dmax], cx) => {
    const lo = Math.min(Math.max(toInt(dmin, 0), 0), 17);
    const hi = Math.min(Math.max(toInt(dmax, 17), 0), 17);
    const whole = cx.chance.integer(toInt(min, -MAX_SAFE), toInt(max, MAX_SAFE));
    const count = natural(cx, lo, hi);
    let digits = '';
    for (let i = 0; i < count; i++) digits += cx.chance.char(i < count - 1 ? '0123456789' : '123456789');
    return parseFloat(`${whole}.${digits}`);
  }),
  character: generator(['any'], ([from], cx) => cx.chance.char(pool(from))),
  // () 3–7 characters; (length); (pool, length); (min, max); (pool, min, max)
  string: generator(['any', 'number', 'number'], (args, cx) => {
    const [a, b, c] = args;
    switch (args.length) {
      case 0:
        return chars(cx, ALL, natural(cx, 3, 7));
      case 1:
        return chars(cx, ALL, toInt(a, 0));
      case 2:
        return typeof a === 'string' && !/^\s*-?\d+\s*$/.test(a) ? chars(cx, pool(a), toInt(b, 0)) : chars(cx, ALL, natural(cx, toInt(a, 0), toInt(b, 0)));
      default:
        return chars(cx, pool(a), natural(cx, toInt(b, 0), toInt(c, 0)));
    }
  }),
  // (stop) | (start, stop) | (start, stop, step): an array of numbers
  range: generator(['number', 'number', 'number'], (args, cx) => {
    let start = Number(args[0] ?? 0);
    let stop = Number(args[1]);
    if (args.length <= 1) {
      stop = start || 0;
      start = 0;
    }
    const step = Number(args[2]) || 1;
    let length = Math.max(Math.ceil((stop - start) / step), 0);
    if (Number.isNaN(length)) length = 0;
    cx.budget.ensure(length * 2);
    const out: number[] = [];
    for (let i = 0; i < length; i++) out.push(start + i * step);
    return out;
  }),
};

export const aliases = { bool: 'boolean', int: 'integer', char: 'character', str: 'string' };
