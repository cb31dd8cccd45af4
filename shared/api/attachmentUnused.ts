// attachment/getUnusedList and attachment/batchDeleteAttachments (ShowDoc v3): files no page's
// text links to, and deleting a chosen batch. Administrators see everyone's files (ShowDoc's
// rule); other users their own. Numbers where ShowDoc casts them (file_id, uid, sizes).
import { z } from 'zod';
import { endpoint } from './contract';
import { int, text } from './fields';

export interface UnusedFile {
  file_id: number;
  display_name: string;
  file_size: number;
  file_size_m: number;
  /** 'Y-m-d H:i:s' */
  addtime: string;
  username: string;
  uid: number;
  /** Quire: the file's link */
  url: string;
}

export const BATCH_DELETE_MAX = 500;

export const getUnusedList = endpoint<{ list: UnusedFile[]; total: number }>()('attachment/getUnusedList', {
  page: int({ def: 1, min: 1, max: 1_000_000 }),
  count: int({ def: 10, min: 1, max: 100 }),
  display_name: text({ max: 200 }),
  username: text({ max: 100 }),
});

/** a JSON array's values; [null] (refused below) when it is not one */
function jsonList(s: string): unknown[] {
  try {
    const j: unknown = JSON.parse(s);
    return Array.isArray(j) ? j : [null];
  } catch {
    return [null];
  }
}

/** file_ids: a comma list ("3,5"), a JSON array ("[3,5]"), or file_ids[]=3&file_ids[]=5 → the ids (none: []) */
export function readFileIds(v: unknown, ctx: z.RefinementCtx): number[] {
  const bad = () => {
    ctx.addIssue({ code: 'custom', message: 'Parameter {name} has an invalid value' });
    return z.NEVER as never;
  };
  let parts: unknown[];
  if (v === undefined || v === null || v === '') return [];
  if (typeof v === 'number') parts = [v];
  else if (Array.isArray(v)) parts = v;
  else if (typeof v === 'string') {
    const s = v.trim();
    if (s.length > BATCH_DELETE_MAX * 12) return bad();
    parts = s.startsWith('[') ? jsonList(s) : s.split(',');
  } else return bad();
  if (parts.length > BATCH_DELETE_MAX) {
    ctx.addIssue({ code: 'custom', message: 'Too many files at once (max {max})', params: { max: BATCH_DELETE_MAX } });
    return z.NEVER as never;
  }
  const ids = new Set<number>();
  for (const p of parts) {
    const s = typeof p === 'number' ? String(p) : typeof p === 'string' ? p.trim() : null;
    if (s === null || !/^\d{1,10}$/.test(s)) return bad();
    const n = Number(s);
    if (n > 0 && n <= 2_147_483_647) ids.add(n);
  }
  return [...ids];
}

export const batchDeleteAttachments = endpoint<{ success: number; failed: number }>()('attachment/batchDeleteAttachments', {
  file_ids: z
    .custom<string | number | (string | number)[]>(() => true)
    .optional()
    .transform((v, ctx) => readFileIds(v, ctx)),
});
