// Every refusal of the ShowDoc v3 parity endpoints (messages, announcements, shared templates,
// unused files, the SQL tool, the AI answers) has its Chinese text.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { zhMessages } from './index';

const FILES = [
  'server/api/message.ts',
  'server/api/adminMessage.ts',
  'server/api/templateShares.ts',
  'server/api/attachmentUnused.ts',
  'server/api/agent.ts',
  'server/domain/sqlTables/convert.ts',
  'shared/api/attachmentUnused.ts',
  'server/presenters/announcement.ts',
  'server/domain/sqlTables/markdown.ts',
];
const QUOTED = String.raw`'((?:[^'\\]|\\.)+)'`;
const TEMPLATE = new RegExp(String.raw`(?:ApiError\(ErrorCode\.\w+,|message:|localize\()\s*` + QUOTED, 'g');

describe('parity messages', () => {
  const templates = new Set<string>();
  for (const f of FILES) for (const m of fs.readFileSync(f, 'utf8').matchAll(TEMPLATE)) templates.add(m[1].replace(/\\'/g, "'"));

  it('finds the templates', () => {
    for (const t of ['Write the announcement', 'Choose the files to delete', 'System announcement', 'Too many files at once (max {max})']) expect(templates).toContain(t);
  });

  it('every template has its Chinese text', () => {
    expect([...templates].filter((t) => !(t in zhMessages))).toEqual([]);
  });
});
