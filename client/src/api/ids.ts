// How the client reads ids and flags in answers. Quire answers with numbers, ShowDoc with strings
// ('12', '1'), and the screens take either (spec §3, showdoc-behaviour §3): compare ids with sameId,
// read flags with flag, never with === against one spelling.
export type Id = number | string;
/** ShowDoc-style flags: 0/1 numbers, '0'/'1' strings or booleans */
export type Flag = number | string | boolean;

/** true for 1, '1', true */
export function flag(v: Flag | null | undefined): boolean {
  return v === true || v === 1 || v === '1';
}

/** the same id, whichever spelling (number or string) each side has; never for a missing one */
export function sameId(a: Id | null | undefined, b: Id | null | undefined): boolean {
  return a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);
}
