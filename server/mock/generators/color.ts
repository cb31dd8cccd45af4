// @color @hex @rgb @rgba @hsl: well-spread bright colours (hue steps of the golden ratio).
import { NAMED_COLORS } from '../tables/web';
import { asText } from '../values';
import { generator, type GenContext } from './types';

/** next hue (0–1) of this generation; saturation 50 %, value 95 % */
function nextHue(cx: GenContext): number {
  const hue = ((cx.state.hue ?? cx.chance.unit()) + 0.618033988749895) % 1;
  cx.state.hue = hue;
  return hue;
}

/** HSV (hue 0–1, s and v 0–1) → RGB 0–255 */
function rgbOf(hue: number, s = 0.5, v = 0.95): [number, number, number] {
  const h = hue * 6;
  const c = v * s;
  const x = c * (1 - Math.abs((h % 2) - 1));
  const m = v - c;
  const sector = Math.floor(h) % 6;
  const [r, g, b] = [
    [c, x, 0],
    [x, c, 0],
    [0, c, x],
    [0, x, c],
    [x, 0, c],
    [c, 0, x],
  ][sector];
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

const hex = (cx: GenContext) => '#' + rgbOf(nextHue(cx)).map((n) => Math.floor(n).toString(16).padStart(2, '0')).join('');

export const color = {
  // (name): a named colour (navy, blue, red…), else a random one
  color: generator(['any'], ([name], cx) => (name ? (NAMED_COLORS.get(asText(name).toLowerCase()) ?? hex(cx)) : hex(cx))),
  hex: generator([], (_, cx) => hex(cx)),
  rgb: generator([], (_, cx) => `rgb(${rgbOf(nextHue(cx)).map(Math.floor).join(', ')})`),
  rgba: generator([], (_, cx) => `rgba(${rgbOf(nextHue(cx)).map(Math.floor).join(', ')}, ${cx.chance.unit().toFixed(2)})`),
  hsl: generator([], (_, cx) => {
    const hue = nextHue(cx);
    const [s, v] = [0.5, 0.95];
    const l = v * (1 - s / 2);
    const sl = l === 0 || l === 1 ? 0 : (v - l) / Math.min(l, 1 - l);
    return `hsl(${Math.floor(hue * 360)}, ${Math.floor(sl * 100)}, ${Math.floor(l * 100)})`;
  }),
};

export const randomHex = hex;
