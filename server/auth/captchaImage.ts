// Draws a captcha answer as a PNG: each character's strokes are scaled, rotated, sheared and
// placed at random, the whole picture is bent by random waves, and crossed by noise lines and
// dots. Nothing in the file names the characters (unlike svg-captcha, whose fixed glyph paths
// could be looked up), so a script has to read pixels like a person.
// The randomness comes from a seed: one captcha always shows the same picture (reloading it
// gives no fresh samples to average), two captchas never share one.
import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';
import { GLYPHS, type Point, type Stroke } from './captchaGlyphs';

export const CAPTCHA_WIDTH = 150;
export const CAPTCHA_HEIGHT = 50;

type Rgb = [number, number, number];

/** sfc32: small, fast, good enough for pictures; seeded from SHA-256 of the seed text. */
function randomFrom(seed: string): () => number {
  const h = createHash('sha256').update(seed).digest();
  let a = h.readUInt32LE(0),
    b = h.readUInt32LE(4),
    c = h.readUInt32LE(8),
    d = h.readUInt32LE(12);
  return () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** Splits strokes so no piece is longer than `step` units: the waves then bend them smoothly. */
function densify(stroke: Stroke, step: number): Stroke {
  const out: Stroke = [stroke[0]];
  for (let i = 1; i < stroke.length; i++) {
    const [x0, y0] = stroke[i - 1];
    const [x1, y1] = stroke[i];
    const n = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / step));
    for (let k = 1; k <= n; k++) out.push([x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n]);
  }
  return out;
}

/** Coverage (0..1) of a polyline of the given half width, kept as the maximum per pixel. */
function strokeCoverage(cov: Float32Array, line: Point[], half: number): void {
  for (let i = 1; i < line.length; i++) {
    const [ax, ay] = line[i - 1];
    const [bx, by] = line[i];
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - half - 1));
    const x1 = Math.min(CAPTCHA_WIDTH - 1, Math.ceil(Math.max(ax, bx) + half + 1));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by) - half - 1));
    const y1 = Math.min(CAPTCHA_HEIGHT - 1, Math.ceil(Math.max(ay, by) + half + 1));
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy || 1;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5 - ax;
        const py = y + 0.5 - ay;
        const t = Math.max(0, Math.min(1, (px * dx + py * dy) / len2));
        const d = Math.hypot(px - t * dx, py - t * dy);
        const c = Math.max(0, Math.min(1, half + 0.5 - d));
        const k = y * CAPTCHA_WIDTH + x;
        if (c > cov[k]) cov[k] = c;
      }
    }
  }
}

function blend(rgb: Float32Array, cov: Float32Array, color: Rgb, opacity = 1): void {
  for (let k = 0; k < cov.length; k++) {
    const a = cov[k] * opacity;
    if (!a) continue;
    for (let ch = 0; ch < 3; ch++) rgb[k * 3 + ch] = rgb[k * 3 + ch] * (1 - a) + color[ch] * a;
  }
}

const darkColor = (rnd: () => number): Rgb => {
  const hue = rnd() * Math.PI * 2;
  return [60 + 50 * Math.cos(hue), 60 + 50 * Math.cos(hue + 2.1), 60 + 50 * Math.cos(hue + 4.2)];
};

export function drawCaptchaPng(answer: string, seed: string): Buffer {
  const rnd = randomFrom(seed);
  const between = (lo: number, hi: number) => lo + (hi - lo) * rnd();
  const W = CAPTCHA_WIDTH;
  const H = CAPTCHA_HEIGHT;

  // light background with speckle
  const rgb = new Float32Array(W * H * 3);
  const base: Rgb = [between(230, 250), between(232, 250), between(236, 252)];
  for (let k = 0; k < W * H; k++) for (let ch = 0; ch < 3; ch++) rgb[k * 3 + ch] = base[ch] - rnd() * 22;

  // waves that bend the whole picture
  const wave = { ay: between(1.5, 3.5), fy: between(0.04, 0.09), py: between(0, 6.3), ax: between(1, 2.5), fx: between(0.1, 0.2), px: between(0, 6.3) };
  const bend = ([x, y]: Point): Point => [x + wave.ax * Math.sin(y * wave.fx + wave.px), y + wave.ay * Math.sin(x * wave.fy + wave.py)];

  const chars = [...answer.toUpperCase()];
  const cell = (W - 16) / chars.length;
  chars.forEach((ch, i) => {
    const strokes = GLYPHS[ch];
    if (!strokes) throw new Error(`no captcha glyph for ${ch}`);
    const scale = between(2.2, 2.8);
    const angle = between(-0.4, 0.4);
    const shear = between(-0.3, 0.3);
    const xScale = scale * between(0.8, 1.1);
    const cx = 8 + cell * (i + 0.5) + between(-3, 3);
    const cy = H / 2 + between(-3, 3);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const place = ([gx, gy]: Point): Point => {
      const x = (gx - 3 + shear * (gy - 5)) * xScale;
      const y = (gy - 5) * scale;
      return bend([cx + x * cos - y * sin, cy + x * sin + y * cos]);
    };
    const cov = new Float32Array(W * H);
    const half = between(1.1, 1.7);
    for (const s of strokes) strokeCoverage(cov, densify(s, 0.4).map(place), half);
    blend(rgb, cov, darkColor(rnd));
  });

  // noise lines across the text, in glyph-like colours
  const lines = 2 + Math.floor(rnd() * 2);
  for (let l = 0; l < lines; l++) {
    const p0: Point = [between(-5, 20), between(5, H - 5)];
    const p1: Point = [between(40, W - 40), between(-10, H + 10)];
    const p2: Point = [between(W - 20, W + 5), between(5, H - 5)];
    const curve: Point[] = [];
    for (let t = 0; t <= 1.0001; t += 0.02) {
      const u = 1 - t;
      curve.push(bend([u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0], u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1]]));
    }
    const cov = new Float32Array(W * H);
    strokeCoverage(cov, curve, between(0.6, 1.1));
    blend(rgb, cov, darkColor(rnd), between(0.6, 0.9));
  }

  // dots
  const dots = new Float32Array(W * H);
  for (let d = 0; d < 60; d++) {
    const p: Point = [between(0, W), between(0, H)];
    strokeCoverage(dots, [p, [p[0] + 0.01, p[1]]], between(0.4, 1.1));
  }
  blend(rgb, dots, darkColor(rnd), 0.7);

  const png = new PNG({ width: W, height: H });
  for (let k = 0; k < W * H; k++) {
    png.data[k * 4] = Math.round(rgb[k * 3]);
    png.data[k * 4 + 1] = Math.round(rgb[k * 3 + 1]);
    png.data[k * 4 + 2] = Math.round(rgb[k * 3 + 2]);
    png.data[k * 4 + 3] = 255;
  }
  return PNG.sync.write(png);
}
