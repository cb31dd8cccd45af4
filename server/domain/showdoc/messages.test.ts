// Every English text the ShowDoc import shows (refusals, job stages, the admin console's start
// action and its policy, the zip extraction) has its Chinese text in shared/messages: a Chinese
// administrator following the import never reads English.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { zhMessages } from '../../../shared/messages';

const inFolder = (dir: string) => fs.readdirSync(path.resolve(dir), { recursive: true }).map((f) => path.join(dir, String(f)));

const FILES = [
  ...inFolder('server/domain/showdoc'),
  'server/api/adminShowdoc.ts',
  'server/policies/showdocImport.ts',
  'server/domain/imports/zip/extract.ts',
  'server/domain/imports/zip/reader.ts',
].filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

const QUOTED = String.raw`'((?:[^'\\]|\\.)+)'`;
/** refusals (`new ApiError(code, '…'`, and the local `refuse('…'`) and skip reasons (`reason: '…'`) */
const REFUSAL = new RegExp(String.raw`(?:ApiError\(ErrorCode\.\w+,|\brefuse\(|\breason:)\s*` + QUOTED, 'g');
/** a stage: the first quoted text of a progress(…) or progress?.(…) call on one line */
const STAGE = new RegExp(String.raw`\bprogress(?:\?\.)?\([^'\n]*` + QUOTED, 'g');

describe('ShowDoc import messages', () => {
  const templates = new Set<string>();
  for (const f of FILES) {
    const text = fs.readFileSync(f, 'utf8');
    for (const re of [REFUSAL, STAGE]) for (const m of text.matchAll(re)) templates.add(m[1].replace(/\\'/g, "'"));
  }

  it('finds the templates', () => {
    for (const t of ['Only administrators can move a ShowDoc installation into Quire', 'Unpacking the uploaded files: {n} of {total}', 'Fetching the uploaded database', 'The database file is larger than {mb} MB']) {
      expect(templates).toContain(t);
    }
  });

  it('every template has its Chinese text', () => {
    expect([...templates].filter((t) => !(t in zhMessages))).toEqual([]);
  });
});
