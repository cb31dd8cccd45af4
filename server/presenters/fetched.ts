// The one place Quire's rows take ShowDoc's types: a row ShowDoc fetches from its database reaches its
// clients with every number as text (shared/dbText.ts). Values ShowDoc computes (counts, rights,
// booleans) are added next to the row and stay numbers.
import type { DbNum, Fetched } from '../../shared/dbText';

export const dbNum = (n: number): DbNum => String(n) as DbNum;

/** The row with its numbers as text (one level: nested rows are presented by their own presenter). */
export function fetched<T extends object>(row: T): Fetched<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = typeof v === 'number' ? dbNum(v) : v;
  return out as Fetched<T>;
}
