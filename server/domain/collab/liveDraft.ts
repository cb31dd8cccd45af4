// How far a page's shared document (the live editors' text, stored as it is typed) is from the
// saved page readers see: the runs of changed text between them. The stored state is the truth
// across processes (every update is stored before it is broadcast).
import * as Y from 'yjs';
import DiffMatchPatch from 'diff-match-patch';
import type { AppDeps } from '../../deps';
import { loadState } from './store';

const dmp = new DiffMatchPatch();

/** the number of changed runs (an insertion, a deletion or a replacement each count once) */
export function countChanges(saved: string, live: string): number {
  if (saved === live) return 0;
  const diffs = dmp.diff_main(saved, live);
  dmp.diff_cleanupSemantic(diffs);
  let runs = 0;
  let inRun = false;
  for (const [op] of diffs) {
    if (op === DiffMatchPatch.DIFF_EQUAL) inRun = false;
    else if (!inRun) {
      runs++;
      inRun = true;
    }
  }
  return runs;
}

/** Changed runs of a Markdown page's shared document against `saved`; 0 when it has none stored. */
export async function unsavedChanges(deps: Pick<AppDeps, 'db'>, pageId: number, saved: string): Promise<number> {
  const state = await loadState(deps, `page.${pageId}`);
  if (!state.exists) return 0;
  const doc = new Y.Doc();
  try {
    for (const u of state.updates) Y.applyUpdate(doc, u);
    // a workbook (spreadsheet item) has no 'content' text: not compared here
    if (!doc.share.has('content')) return 0;
    return countChanges(saved, doc.getText('content').toString());
  } finally {
    doc.destroy();
  }
}
