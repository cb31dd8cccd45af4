// @d4…@d100 @guid @uuid @id (Chinese resident identity number) @increment.
import { natural } from './basic';
import { formatDate } from './clock';
import { randomMoment } from './date';
import { randomCounty } from './address';
import { generator, type GenContext } from './types';

const die = (sides: number) => generator([], (_, cx) => natural(cx, 1, sides));

const HEX = 'abcdefABCDEF1234567890';
const hexRun = (cx: GenContext, n: number) => Array.from({ length: n }, () => cx.chance.char(HEX)).join('');

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** area code + birth date + sequence + ISO 7064 check character */
function residentId(cx: GenContext): string {
  const body = randomCounty(cx).code + formatDate(randomMoment(cx), 'yyyyMMdd') + Array.from({ length: 3 }, () => natural(cx, 0, 9)).join('');
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body[i]) * WEIGHTS[i];
  return body + CHECK[sum % 11];
}

export const misc = {
  d4: die(4),
  d6: die(6),
  d8: die(8),
  d12: die(12),
  d20: die(20),
  d100: die(100),
  guid: generator([], (_, cx) => [8, 4, 4, 4, 12].map((n) => hexRun(cx, n)).join('-')),
  id: generator([], (_, cx) => residentId(cx)),
  // (step): 1, 2, 3… within one generation (step 1 unless given)
  increment: generator(['number'], ([step], cx) => {
    const by = Number(step) || 1;
    cx.state.increment += by;
    return cx.state.increment;
  }),
};
