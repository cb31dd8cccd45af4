// /api/import/*: a file starts an import job (import/start); the screen follows it (import/status).
import { callAction, upload } from '../http';
import type * as importApi from '@shared/api/import';
import type { AnswerOf } from '@shared/api/contract';
import type { Id } from '../ids';

/** Starts importing `file` into a new item, or into an item's catalog (cat_id 0: its root). */
export function start(file: File, target: { item_id?: Id; cat_id?: Id } = {}): Promise<AnswerOf<typeof importApi.start>> {
  const form = new FormData();
  form.append('file', file);
  if (target.item_id !== undefined) form.append('item_id', String(target.item_id));
  if (target.cat_id !== undefined) form.append('cat_id', String(target.cat_id));
  return upload<AnswerOf<typeof importApi.start>>('import/start', form, { expect: 'all' });
}

/** The caller's import: state, progress, report. Polled quietly (no loading bar, no alert). */
export const status = (import_id: string) => callAction<typeof importApi.status>('import/status', { import_id }, { loading: false, silent: true });
