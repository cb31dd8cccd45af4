// Writes that bypass the editor (HTTP page/save, open API, recover, import) are merged into
// the live document as a patch: the change from the previous saved text to the new one is
// applied to the live text, so connected editors keep their own unsaved typing.
import DiffMatchPatch from 'diff-match-patch';
import type * as Y from 'yjs';
import { ORIGIN_MERGE, type SharedDoc } from './sharedDoc';

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
