// @first @last @name @cfirst @clast @cname.
import { CHINESE_GIVEN_NAMES, CHINESE_SURNAMES, FIRST_NAMES, LAST_NAMES } from '../tables/names';
import type { ArgValue } from '../values';
import { generator, type GenContext } from './types';

const one = (cx: GenContext, list: string[]) => cx.chance.pick(list) ?? '';
const given = (v: ArgValue) => v !== undefined && v !== null && v !== false && v !== '' && v !== 0 && v !== 'false';

export const people = {
  first: generator([], (_, cx) => one(cx, FIRST_NAMES)),
  last: generator([], (_, cx) => one(cx, LAST_NAMES)),
  // (middle): with a middle name when true
  name: generator(['any'], ([middle], cx) => [one(cx, FIRST_NAMES), ...(given(middle) ? [one(cx, FIRST_NAMES)] : []), one(cx, LAST_NAMES)].join(' ')),
  cfirst: generator([], (_, cx) => one(cx, CHINESE_SURNAMES)),
  clast: generator([], (_, cx) => one(cx, CHINESE_GIVEN_NAMES)),
  cname: generator([], (_, cx) => one(cx, CHINESE_SURNAMES) + one(cx, CHINESE_GIVEN_NAMES)),
};
