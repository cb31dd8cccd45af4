// Every English text a job shows its user (its stages, the runner's failures, the refusals of the
// job controller and of the exports) has its Chinese text in shared/messages: a Chinese reader of
// Downloads or Export never reads English. (The imports' own texts: domain/imports/messages.test.ts.)
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { zhMessages } from '../../shared/messages';

const inFolder = (dir: string) => fs.readdirSync(path.resolve(dir), { recursive: true }).map((f) => path.join(dir, String(f)));

const FILES = [...inFolder('server/jobs'), ...inFolder('server/domain/exports'), 'server/policies/exportScope.ts', 'server/policies/jobAccess.ts'].filter(
  (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('testKinds.ts'),
);

const QUOTED = String.raw`'((?:[^'\\]|\\.)+)'`;
/** refusals, and the runner's failures (`error: '…'`) */
const REFUSAL = new RegExp(String.raw`(?:ApiError\(ErrorCode\.\w+,|\bbadParam\(|\bnotFound\(|\bnoPermission\(|\berror:)\s*` + QUOTED, 'g');
/** a stage: the first quoted text of a progress(…) or progressSpan(…) call (they fit on one line) */
const STAGE = new RegExp(String.raw`\bprogress(?:Span)?\([^'\n]*` + QUOTED, 'g');

describe('job messages', () => {
  const templates = new Set<string>();
  for (const f of FILES) {
    const text = fs.readFileSync(f, 'utf8');
    for (const re of [REFUSAL, STAGE]) for (const m of text.matchAll(re)) templates.add(m[1].replace(/\\'/g, "'"));
  }

  it('finds the templates', () => {
    for (const t of ['Checking access', 'Page {n} of {total}', 'Done', 'Writing the document', 'No handler for jobs of kind "{kind}"', 'Catalog not found']) expect(templates).toContain(t);
  });

  it('every template has its Chinese text', () => {
    expect([...templates].filter((t) => !(t in zhMessages))).toEqual([]);
  });
});
