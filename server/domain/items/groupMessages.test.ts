// Every English text that item groups, stars and the change log answer with has its Chinese text
// in shared/messages (refusals, and the change log's action and object words).
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { zhMessages } from '../../../shared/messages';

const FILES = ['server/domain/items/groups.ts', 'server/policies/itemLists.ts', 'server/api/itemGroup.ts', 'server/api/item/stars.ts', 'server/presenters/changeLog.ts'];
const QUOTED = String.raw`'((?:[^'\\]|\\.)+)'`;
const REFUSAL = new RegExp(String.raw`(?:ApiError\(ErrorCode\.\w+,|\bbadParam\()\s*` + QUOTED, 'g');
/** the change log's words: `key: 'Text',` entries of ACTION_TEXT / OBJECT_TEXT */
const WORD = new RegExp(String.raw`^\s+\w+: ` + QUOTED + ',$', 'gm');

describe('item list messages', () => {
  const templates = new Set<string>();
  for (const f of FILES) {
    const text = fs.readFileSync(f, 'utf8');
    const patterns = f.includes('presenters/') ? [REFUSAL, WORD] : [REFUSAL];
    for (const re of patterns) for (const m of text.matchAll(re)) templates.add(m[1]!.replace(/\\'/g, "'"));
  }

  it('finds the templates', () => {
    for (const t of ['Please enter the group name', 'No permission', 'Moved', 'Catalog tree']) expect(templates).toContain(t);
  });

  it('every template has its Chinese text', () => {
    expect([...templates].filter((t) => !(t in zhMessages))).toEqual([]);
  });
});
