// Every message the ShowDoc import shows (refusals, progress stages, why a row was skipped) has
// its Chinese text: the admin console shows the report in the reader's language.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { zhMessages } from './index';

const DIR = 'server/domain/showdoc';
const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path.join(dir, e.name)] : []));
const QUOTED = String.raw`'((?:[^'\\]|\\.)+)'`;
const TEMPLATE = new RegExp(String.raw`(?:ApiError\(ErrorCode\.\w+,|new Skip\(|conflictReason:|stage:|progress\(\w+, |\.(?:skip|adjusted)\([^,]+,[^,]+,)\s*` + QUOTED, 'g');

describe('ShowDoc import messages', () => {
  const templates = new Set<string>();
  for (const f of files(DIR)) for (const m of fs.readFileSync(f, 'utf8').matchAll(TEMPLATE)) templates.add(m[1].replace(/\\'/g, "'"));

  it('finds the templates', () => {
    for (const t of ['Importing pages', 'Whiteboard items are not imported', 'Its item ({id}) was not imported', 'The user is a member of this item already', 'Kanban items are not imported', 'Items of type {type} are not imported']) expect(templates).toContain(t);
  });

  it('every template has its Chinese text', () => {
    expect([...templates].filter((t) => !(t in zhMessages))).toEqual([]);
  });
});
