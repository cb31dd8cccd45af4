// The co-editing text-length limit, checked before an update is applied: a refused update
// changes nothing, so nothing is stored or broadcast.
import * as Y from 'yjs';

/** characters (and embeds) an update inserts, counting every item it carries: an upper bound */
function insertedLength(update: Uint8Array): number {
  let n = 0;
  for (const s of Y.decodeUpdate(update).structs) if (s instanceof Y.Item && s.content.isCountable()) n += s.content.getLength();
  return n;
}

/**
 * Whether the Y.Text `name` of `doc` stays within `maxChars` once `update` is applied. The cheap
 * bound (its length now plus all the update inserts) answers almost always; near the limit, or
 * when earlier updates wait for missing parts that this one may release, the update is tried on
 * a copy of the document.
 */
export function textFitsAfter(doc: Y.Doc, update: Uint8Array, maxChars: number, name = 'content'): boolean {
  if (!doc.store.pendingStructs && doc.getText(name).length + insertedLength(update) <= maxChars) return true;
  const probe = new Y.Doc();
  try {
    Y.applyUpdate(probe, Y.encodeStateAsUpdate(doc));
    Y.applyUpdate(probe, update);
    return probe.getText(name).length <= maxChars;
  } finally {
    probe.destroy();
  }
}
