// @image (a dummyimage.com address, as Mock.js builds it) and @dataImage (an SVG data URL).
import { AD_SIZES } from '../tables/web';
import { asText, type ArgValue } from '../values';
import { randomHex } from './color';
import { generator, type GenContext } from './types';

const text = (v: ArgValue) => (v === undefined || v === null || v === '' || v === false ? '' : asText(v));
const withoutHash = (s: string) => (s.startsWith('#') ? s.slice(1) : s);
const size = (v: ArgValue, cx: GenContext) => text(v) || (cx.chance.pick(AD_SIZES) ?? '300x250');

const xml = (s: string) => s.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export const image = {
  // (size, background, foreground, format, text); with three arguments the third is the text,
  // with four the fourth is
  image: generator(['any', 'any', 'any', 'any', 'any'], (args, cx) => {
    const background = args[1];
    let [, , foreground, format, label] = args;
    if (args.length === 4) [label, format] = [format, undefined];
    if (args.length === 3) [label, foreground] = [foreground, undefined];
    const parts = [`http://dummyimage.com/${size(args[0], cx)}`];
    if (text(background)) parts.push(`/${withoutHash(text(background))}`);
    if (text(foreground)) parts.push(`/${withoutHash(text(foreground))}`);
    if (text(format)) parts.push(`.${text(format)}`);
    if (text(label)) parts.push(`&text=${encodeURIComponent(text(label))}`);
    return parts.join('');
  }),
  // (size, text): an image with the text on a random colour, as a data URL
  dataImage: generator(['any', 'any'], ([dims, label], cx) => {
    const wanted = size(dims, cx);
    const [w, h] = wanted.split('x').map((n) => Math.min(Math.max(parseInt(n, 10) || 100, 1), 4000));
    const caption = label === undefined ? wanted : text(label);
    cx.budget.ensure(caption.length * 2 + 400);
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="${randomHex(cx)}"/>` +
      `<text x="50%" y="50%" fill="#FFF" font-family="sans-serif" font-size="14" font-weight="bold" text-anchor="middle" dominant-baseline="middle">${xml(caption)}</text></svg>`;
    return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  }),
};
