// Every English text the imports show people (refusals, report reasons, progress stages) has its
// Chinese text in shared/messages/imports.ts: a Chinese client never reads English.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { zhMessages } from '../../../shared/messages';

const FILES = [
  ...fs.readdirSync(path.resolve('server/domain/imports'), { recursive: true }).map((f) => path.join('server/domain/imports', String(f))),
  ...fs.readdirSync(path.resolve('server/domain/showdoc')).map((f) => path.join('server/domain/showdoc', f)),
  'server/policies/imports.ts',
  'server/api/import.ts',
].filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

const CALL = /(?:\brefuse\(|\bsay\([^,()]*(?:\([^()]*\))?[^,()]*,|ApiError\(ErrorCode\.\w+,|EntryTooLarge\(ErrorCode\.\w+,|UNSUPPORTED =)\s*'((?:[^'\\]|\\.)+)'/g;
/** a progress stage: the first quoted text of a progress(…) call (they fit on one line) */
const STAGE = /\bprogress\([^'\n]*'((?:[^'\\]|\\.)+)'/g;

describe('import messages', () => {
  const templates = new Set<string>();
  for (const f of FILES) for (const re of [CALL, STAGE]) for (const m of fs.readFileSync(f, 'utf8').matchAll(re)) templates.add(m[1].replace(/\\'/g, "'"));

  it('finds the templates', () => {
    expect(templates.size).toBeGreaterThan(40);
    for (const stage of ['Checking access', 'Reading file {n} of {total}', 'Page {n} of {total}']) expect(templates).toContain(stage);
  });

  it('every template has its Chinese text', () => {
    expect([...templates].filter((t) => !(t in zhMessages))).toEqual([]);
  });
});
