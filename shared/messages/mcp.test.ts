// Every refusal of the MCP endpoint and the MCP tokens has its Chinese text.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { zhMessages } from './index';

const FILES = ['server/mcp/endpoint.ts', 'server/mcp/attachmentTools.ts', 'server/domain/mcp/tokens.ts', 'server/api/aiToken.ts'];
const QUOTED = String.raw`'((?:[^'\\]|\\.)+)'`;
const TEMPLATE = new RegExp(String.raw`(?:ApiError\(ErrorCode\.\w+,|badParam\()\s*` + QUOTED, 'g');

describe('MCP messages', () => {
  const templates = new Set<string>();
  for (const f of FILES) for (const m of fs.readFileSync(f, 'utf8').matchAll(TEMPLATE)) templates.add(m[1].replace(/\\'/g, "'"));

  it('finds the templates', () => {
    for (const t of ['MCP token not found', 'Give {a} or {b}', 'file_base64 is not valid base64', 'You have {max} MCP tokens already; revoke one first']) expect(templates).toContain(t);
  });

  it('every template has its Chinese text', () => {
    expect([...templates].filter((t) => !(t in zhMessages))).toEqual([]);
  });
});
