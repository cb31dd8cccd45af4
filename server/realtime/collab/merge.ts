// Writes that bypass the editor (HTTP page/save, open API, recover, import, xlsx import) are merged into
// the live document as a patch: the change from the previous saved text to the new one is
// applied to the live text, so connected editors keep their own unsaved typing.
import DiffMatchPatch from 'diff-match-patch';
import type * as Y from 'yjs';
import { ORIGIN_MERGE, type SharedDoc } from './sharedDoc';
import { parseWorkbookContent } from '../../../shared/sheet/content';
import { applyWorkbookChange } from '../../../shared/sheet/ydoc';

const dmp = new DiffMatchPatch();

/** The live text after applying the (previous → next) change to it. */
export function patchedText(previous: string, next: string, live: string): string {
  if (live === previous) return next;
  const patches = dmp.patch_make(previous, next);
  const [merged] = dmp.patch_apply(patches, live);
  return merged;
}

/** Turns `from` into `to` with the fewest Y.Text operations. */
export function applyTextDiff(text: Y.Text, from: string, to: string): void {
  const diffs = dmp.diff_main(from, to);
  dmp.diff_cleanupEfficiency(diffs);
  let pos = 0;
  for (const [op, s] of diffs) {
    if (op === DiffMatchPatch.DIFF_EQUAL) pos += s.length;
    else if (op === DiffMatchPatch.DIFF_DELETE) text.delete(pos, s.length);
    else {
      text.insert(pos, s);
      pos += s.length;
    }
  }
}

/** Merges an external write into a live document; resolves once the change is stored. */
export async function mergeIntoDoc(doc: SharedDoc, previous: string, next: string): Promise<boolean> {
  const live = doc.text.toString();
  const target = patchedText(previous, next, live);
  if (target === live) return false;
  doc.doc.transact(() => applyTextDiff(doc.text, live, target), ORIGIN_MERGE);
  await doc.flushed();
  return true;
}

/**
 * The same for a workbook: the cells, sizes and sheets the write changed (previous → next) are
 * set in the live document; cells other people edited meanwhile keep their live values.
 */
export async function mergeWorkbookIntoDoc(doc: SharedDoc, previous: string, next: string): Promise<boolean> {
  if (previous === next) return false;
  applyWorkbookChange(doc.doc, parseWorkbookContent(previous), parseWorkbookContent(next), ORIGIN_MERGE);
  await doc.flushed();
  return true;
}
