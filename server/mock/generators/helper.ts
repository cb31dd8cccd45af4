// @capitalize @upper @lower @pick @shuffle @order.
import { asText, toInt, type ArgValue, type MockValue } from '../values';
import { natural } from './basic';
import { capitalize } from './text';
import { generator, type GenContext } from './types';

const present = (v: ArgValue): MockValue => (v === undefined ? null : v);

function shuffled(cx: GenContext, list: ArgValue[], take?: number): MockValue[] {
  const all = cx.chance.shuffle(list).map(present);
  return take === undefined ? all : all.slice(0, Math.max(0, take));
}

export const helper = {
  capitalize: generator(['any'], ([v]) => capitalize(asText(v))),
  upper: generator(['any'], ([v]) => asText(v).toUpperCase()),
  lower: generator(['any'], ([v]) => asText(v).toLowerCase()),
  // ([items]) one item; ([items], n) n of them; ([items], min, max); (a, b, c…) one of the arguments
  pick: generator(
    ['any'],
    (args, cx) => {
      const [list, min, max] = args;
      if (!Array.isArray(list)) return present(cx.chance.pick(args));
      const lo = min === undefined ? 1 : toInt(min, 1);
      const hi = max === undefined ? lo : toInt(max, lo);
      if (lo === 1 && hi === 1) return list.length ? list[cx.chance.integer(0, list.length - 1)] : '';
      return shuffled(cx, list, natural(cx, lo, hi));
    },
    1000,
  ),
  // ([items]) all shuffled; ([items], n) n of them; ([items], min, max)
  shuffle: generator(['list', 'number', 'number'], (args, cx) => {
    const [list, min, max] = args;
    const items = Array.isArray(list) ? list : [];
    if (args.length <= 1) return shuffled(cx, items);
    if (args.length === 2) return shuffled(cx, items, toInt(min, 0));
    return shuffled(cx, items, natural(cx, toInt(min, 0), toInt(max, 0)));
  }),
  // ([items]) or (a, b, c…): the next item each time this placeholder runs
  order: generator(
    ['any'],
    (args, cx) => {
      const list = args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
      if (!list.length) return '';
      const i = cx.state.order.get(cx.site) ?? 0;
      cx.state.order.set(cx.site, i + 1);
      return present(list[i % list.length]);
    },
    1000,
  ),
};
