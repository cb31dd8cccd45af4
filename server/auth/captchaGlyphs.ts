// Stroke outlines of the captcha's characters, on a 6 × 10 grid (y grows downwards). Only
// characters that stay distinct when distorted: no 0/O/Q, 1/I/L, 5/S, 2/Z, 8/B, 6/G.
export type Point = [number, number];
export type Stroke = Point[];

/** Points on an ellipse from one angle to another (degrees; 0 = right, 90 = down). */
function arc(cx: number, cy: number, rx: number, ry: number, from: number, to: number): Stroke {
  const steps = Math.max(4, Math.ceil(Math.abs(to - from) / 15));
  const out: Stroke = [];
  for (let i = 0; i <= steps; i++) {
    const a = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    out.push([cx + rx * Math.cos(a), cy + ry * Math.sin(a)]);
  }
  return out;
}

export const GLYPHS: Record<string, Stroke[]> = {
  '3': [arc(3, 2.6, 2.8, 2.6, 200, 450), arc(3, 7.6, 3, 2.4, 270, 520)],
  '4': [[[4.5, 10], [4.5, 0], [0, 7], [6, 7]]],
  '7': [[[0, 0], [6, 0], [2, 10]]],
  '9': [arc(3, 3, 3, 3, 0, 360), [[6, 3], [6, 6], [4.5, 9], [2, 10]]],
  A: [[[0, 10], [3, 0], [6, 10]], [[1.2, 6.5], [4.8, 6.5]]],
  C: [arc(3.5, 5, 3.3, 5, 320, 40)],
  D: [[[2.5, 0], [0, 0], [0, 10], [2.5, 10]], arc(2.5, 5, 3.5, 5, 270, 450)],
  E: [[[6, 0], [0, 0], [0, 10], [6, 10]], [[0, 5], [4.5, 5]]],
  F: [[[6, 0], [0, 0], [0, 10]], [[0, 5], [4.5, 5]]],
  H: [[[0, 0], [0, 10]], [[6, 0], [6, 10]], [[0, 5], [6, 5]]],
  J: [[[6, 0], [6, 7]], arc(3, 7, 3, 3, 0, 170)],
  K: [[[0, 0], [0, 10]], [[6, 0], [0, 6]], [[2, 4.2], [6, 10]]],
  M: [[[0, 10], [0, 0], [3, 6], [6, 0], [6, 10]]],
  N: [[[0, 10], [0, 0], [6, 10], [6, 0]]],
  P: [[[0, 10], [0, 0], [3, 0]], arc(3, 2.75, 3, 2.75, 270, 450), [[3, 5.5], [0, 5.5]]],
  R: [[[0, 10], [0, 0], [3, 0]], arc(3, 2.75, 3, 2.75, 270, 450), [[3, 5.5], [0, 5.5]], [[3, 5.5], [6, 10]]],
  T: [[[0, 0], [6, 0]], [[3, 0], [3, 10]]],
  U: [[[0, 0], [0, 7]], arc(3, 7, 3, 3, 180, 0), [[6, 7], [6, 0]]],
  V: [[[0, 0], [3, 10], [6, 0]]],
  W: [[[0, 0], [1.5, 10], [3, 4], [4.5, 10], [6, 0]]],
  X: [[[0, 0], [6, 10]], [[6, 0], [0, 10]]],
  Y: [[[0, 0], [3, 5], [6, 0]], [[3, 5], [3, 10]]],
};

export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');
