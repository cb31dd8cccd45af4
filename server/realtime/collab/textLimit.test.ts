import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { textFitsAfter } from './textLimit';

/** a replica of `doc` and the update that `change` makes on it */
function updateOn(doc: Y.Doc, change: (t: Y.Text) => void): Uint8Array {
  const replica = new Y.Doc();
  Y.applyUpdate(replica, Y.encodeStateAsUpdate(doc));
  const before = Y.encodeStateVector(replica);
  change(replica.getText('content'));
  return Y.encodeStateAsUpdate(replica, before);
}

describe('co-editing text limit', () => {
  it('lets an update through when the text stays within the limit, and refuses one that would pass it', () => {
    const doc = new Y.Doc();
    doc.getText('content').insert(0, '12345');
    expect(textFitsAfter(doc, updateOn(doc, (t) => t.insert(5, '67890')), 10)).toBe(true);
    expect(textFitsAfter(doc, updateOn(doc, (t) => t.insert(5, '678901')), 10)).toBe(false);
    // nothing was applied by asking
    expect(doc.getText('content').toString()).toBe('12345');
  });

  it('near the limit, an edit that replaces text is measured exactly (it inserts more than the room left)', () => {
    const doc = new Y.Doc();
    doc.getText('content').insert(0, '1234567890');
    const replace = updateOn(doc, (t) => {
      t.delete(0, 5);
      t.insert(0, 'abcde');
    });
    expect(textFitsAfter(doc, replace, 10)).toBe(true);
    const grow = updateOn(doc, (t) => {
      t.delete(0, 5);
      t.insert(0, 'abcdef');
    });
    expect(textFitsAfter(doc, grow, 10)).toBe(false);
  });

  it('counts text that an update releases from earlier updates still waiting for their missing parts', () => {
    const source = new Y.Doc();
    const t = source.getText('content');
    const sv0 = Y.encodeStateVector(source);
    t.insert(0, 'abc');
    const first = Y.encodeStateAsUpdate(source, sv0);
    const sv1 = Y.encodeStateVector(source);
    t.insert(3, 'defghijklmn');
    const second = Y.encodeStateAsUpdate(source, sv1);
    const doc = new Y.Doc();
    // the second update arrives first: it waits for the first one
    Y.applyUpdate(doc, second);
    expect(doc.getText('content').length).toBe(0);
    expect(textFitsAfter(doc, first, 10)).toBe(false);
    expect(textFitsAfter(doc, first, 14)).toBe(true);
  });
});
