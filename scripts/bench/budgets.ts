// DESIGN.md §7 budgets (PostgreSQL on a 2-core machine). Embedded PGlite must reach half of them:
// half the throughput, twice the latency.
export interface Budget {
  minReqPerSec?: number;
  maxP95Ms?: number;
}

export const BUDGETS: Record<string, Budget> = {
  'page/info': { minReqPerSec: 10_000 },
  'item/info (1,000 pages)': { minReqPerSec: 2_000, maxP95Ms: 30 },
  'page/save (with history)': { minReqPerSec: 600 },
  'item/search': { minReqPerSec: 1_000, maxP95Ms: 50 },
};

export const RSS_BUDGET_MB = 300;

/** rows judged against another row of the same setup: p95 at most `factor` times its p95 */
export const RELATIVE: Record<string, { to: string; maxP95Factor: number }> = {
  // DESIGN §7 / issue 18: API latency while an export (any job) runs stays within 2× of idle
  'page/info while': { to: 'page/info', maxP95Factor: 2 },
};

export function relativeBudgetFor(name: string): { to: string; maxP95Factor: number } | undefined {
  const key = Object.keys(RELATIVE).find((k) => name.startsWith(k));
  return key ? RELATIVE[key] : undefined;
}

/** Embedded mode carries the database engine (PGlite, PostgreSQL in WASM) inside the API process:
 * it gets the "within half" allowance as twice the memory. PostgreSQL mode: DESIGN §7 as written. */
export function rssBudgetFor(db: 'pglite' | 'postgres'): number {
  return db === 'postgres' ? RSS_BUDGET_MB : RSS_BUDGET_MB * 2;
}

/** the budget of a bench row (matched on the endpoint), undefined for reference rows */
export function budgetFor(name: string, db: 'pglite' | 'postgres'): Budget | undefined {
  if (relativeBudgetFor(name)) return undefined;
  const key = Object.keys(BUDGETS).find((k) => name.startsWith(k.split(' ')[0]));
  if (!key) return undefined;
  const b = BUDGETS[key];
  if (db === 'postgres') return b;
  return {
    minReqPerSec: b.minReqPerSec !== undefined ? b.minReqPerSec / 2 : undefined,
    maxP95Ms: b.maxP95Ms !== undefined ? b.maxP95Ms * 2 : undefined,
  };
}

export function describeBudget(b: Budget): string {
  const parts: string[] = [];
  if (b.minReqPerSec !== undefined) parts.push(`≥ ${b.minReqPerSec.toLocaleString('en-US')} req/s`);
  if (b.maxP95Ms !== undefined) parts.push(`p95 ≤ ${b.maxP95Ms} ms`);
  return parts.join(', ');
}

export function meets(b: Budget, reqPerSec: number, p95: number): boolean {
  return (b.minReqPerSec === undefined || reqPerSec >= b.minReqPerSec) && (b.maxP95Ms === undefined || p95 <= b.maxP95Ms);
}
