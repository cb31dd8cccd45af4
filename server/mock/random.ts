// The random choices of the mock generator, over an injectable source (tests pass a seeded one).
export type RandomSource = () => number;

export class Chance {
  constructor(private readonly next: RandomSource = Math.random) {}

  unit(): number {
    return this.next();
  }

  /** an integer between min and max inclusive (either order), like Mock.Random.integer */
  integer(min: number, max: number): number {
    return Math.round(this.next() * (max - min)) + min;
  }

  bool(): boolean {
    return this.next() >= 0.5;
  }

  pick<T>(list: readonly T[]): T | undefined {
    return list.length ? list[this.integer(0, list.length - 1)] : undefined;
  }

  /** a shuffled copy (Fisher–Yates) */
  shuffle<T>(list: readonly T[]): T[] {
    const out = list.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  /** one character of a pool (by UTF-16 unit, like charAt) */
  char(pool: string): string {
    return pool.length ? pool.charAt(this.integer(0, pool.length - 1)) : '';
  }
}

/** a small deterministic source for tests (mulberry32) */
export function seeded(seed: number): RandomSource {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
