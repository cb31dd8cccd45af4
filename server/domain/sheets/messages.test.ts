// Every English text the spreadsheet items show people (refusals, job stages) has its Chinese
// text in shared/messages/sheets.ts: a Chinese reader of the sheet or of Downloads never reads English.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { zhMessages } from '../../../shared/messages';

const FILES = [
  ...fs.readdirSync(path.resolve('server/domain/sheets'), { recursive: true }).map((f) => path.join('server/domain/sheets', String(f))),
  'server/policies/sheets.ts',
  'server/api/sheet.ts',
].filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

const CALL = /(?:\brefuse\(|ApiError\(ErrorCode\.\w+,|\bbadParam\(|\bnotFound\(|\bnoPermission\()\s*'((?:[^'\\]|\\.)+)'/g;
/** a job stage: the first quoted text of a progress(…) call (they fit on one line) */
const STAGE = /\bprogress\([^'\n]*'((?:[^'\\]|\\.)+)'/g;

describe('sheet messages', () => {
  const templates = new Set<string>();
  for (const f of FILES) for (const re of [CALL, STAGE]) for (const m of fs.readFileSync(f, 'utf8').matchAll(re)) templates.add(m[1].replace(/\\'/g, "'"));

  it('finds the templates', () => {
    for (const t of ['Checking the file', 'Writing showdoc.xlsx', 'The spreadsheet page no longer exists', 'This file is not an Excel workbook (.xlsx), or it is damaged']) expect(templates).toContain(t);
  });

  it('every template has its Chinese text', () => {
    expect([...templates].filter((t) => !(t in zhMessages))).toEqual([]);
  });
});
