// Values the mock generator produces, their text form (as JavaScript's `value + ''`), and the
// output budget that stops a template before it builds more than the output limit.
import { refuse } from './errors';

export type MockValue = null | boolean | number | string | MockValue[] | MockObject;
export interface MockObject {
  [key: string]: MockValue;
}
/** a placeholder argument; undefined when absent */
export type ArgValue = MockValue | undefined;

/** text of a value inside a larger string, as Mock.js concatenates it */
export function asText(v: ArgValue): string {
  if (v === undefined) return 'undefined';
  if (v === null) return 'null';
  if (Array.isArray(v)) return v.map((x) => (x === null ? '' : asText(x))).join(',');
  if (typeof v === 'object') return '[object Object]';
  return String(v);
}

/** a whole number from a number or numeric text (parseInt-like); def when there is none */
export function toInt(v: ArgValue, def: number): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? Math.trunc(n) : def;
}

/** a rough size of the value's JSON, counted no further than cap */
export function sizeOf(v: MockValue, cap: number): number {
  if (v === null || typeof v !== 'object') return String(v).length + (typeof v === 'string' ? 2 : 0);
  let total = 2;
  const items = Array.isArray(v) ? v : Object.entries(v).map(([k, x]) => ((total += k.length + 3), x));
  for (const x of items) {
    if (total > cap) break;
    total += 1 + sizeOf(x, cap - total);
  }
  return total;
}

/** the output built so far and the work done; refuses as soon as either passes its limit */
export class Budget {
  private used = 0;
  private steps = 0;
  constructor(
    readonly max: number,
    readonly maxSteps: number,
  ) {}

  /** n steps of work (so repeats that output nothing are bounded too) */
  step(n = 1): void {
    this.steps += n;
    if (this.steps > this.maxSteps) throw refuse('The mock template does too much work: more than {max} generation steps', { max: this.maxSteps });
  }

  spend(n: number): void {
    this.used += n;
    if (this.used > this.max) throw tooLarge(this.max);
  }

  /** refuses before building something of n characters that cannot fit */
  ensure(n: number): void {
    if (!(this.used + n <= this.max)) throw tooLarge(this.max);
  }

  get remaining(): number {
    return Math.max(0, this.max - this.used);
  }
}

export const tooLarge = (max: number) => refuse('The generated mock data is larger than {max} bytes', { max });
