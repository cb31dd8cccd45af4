// @url @protocol @domain @tld @email @ip.
import { PROTOCOLS, TLDS } from '../tables/web';
import { asText, type ArgValue } from '../values';
import { natural, POOLS } from './basic';
import { word } from './text';
import { generator, type GenContext } from './types';

const orElse = (v: ArgValue, make: () => string) => (v === undefined || v === null || v === '' || v === false || v === 0 ? make() : asText(v));
const tld = (cx: GenContext) => cx.chance.pick(TLDS) ?? 'com';
const domain = (cx: GenContext, suffix?: ArgValue) => `${word(cx)}.${orElse(suffix, () => tld(cx))}`;

export const web = {
  url: generator(['any', 'any'], ([protocol, host], cx) => `${orElse(protocol, () => cx.chance.pick(PROTOCOLS) ?? 'http')}://${orElse(host, () => domain(cx))}/${word(cx)}`),
  protocol: generator([], (_, cx) => cx.chance.pick(PROTOCOLS) ?? 'http'),
  domain: generator(['any'], ([suffix], cx) => domain(cx, suffix)),
  tld: generator([], (_, cx) => tld(cx)),
  email: generator(['any'], ([host], cx) => `${cx.chance.char(POOLS.lower)}.${word(cx)}@${orElse(host, () => domain(cx))}`),
  ip: generator([], (_, cx) => [0, 0, 0, 0].map(() => natural(cx, 0, 255)).join('.')),
};
