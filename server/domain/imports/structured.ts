// JSON and YAML documents (OpenAPI, Postman, info.json) from uploads. YAML is read with js-yaml's
// default schema (no custom tags, nothing executed). Aliases make a YAML file a graph whose tree
// can be exponentially large ("billion laughs"), so before anyone walks it the document is
// counted as a tree against a budget, and refused past it.
import yaml from 'js-yaml';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { IMPORT_LIMITS } from './limits';

const refuse = (template: string, vars?: Record<string, string | number>) => new ApiError(ErrorCode.GENERIC, template, vars);

/** Where a parse error is (JSON's message names a position; we turn it into a line and column). */
function jsonErrorPlace(text: string, message: string): { line: number; column: number } | null {
  const m = /position (\d+)/.exec(message);
  if (!m) return null;
  const before = text.slice(0, Number(m[1]));
  return { line: before.split('\n').length, column: Number(m[1]) - before.lastIndexOf('\n') };
}

export function parseJson(text: string, fileName: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e: any) {
    const where = jsonErrorPlace(text, String(e?.message ?? ''));
    if (where) throw refuse('{name} is not valid JSON (line {line}, column {column})', { name: fileName, ...where });
    throw refuse('{name} is not valid JSON', { name: fileName });
  }
}

export function parseYaml(text: string, fileName: string): unknown {
  try {
    return yaml.load(text, { filename: fileName, json: true });
  } catch (e: any) {
    const mark = e?.mark as { line?: number; column?: number } | undefined;
    if (mark?.line !== undefined) throw refuse('{name} is not valid YAML (line {line}, column {column})', { name: fileName, line: mark.line + 1, column: (mark.column ?? 0) + 1 });
    throw refuse('{name} is not valid YAML', { name: fileName });
  }
}

/** JSON when it looks like JSON (or the name says so), else YAML. */
export function parseDocument(text: string, fileName: string): unknown {
  const t = text.trimStart();
  const doc = t.startsWith('{') || t.startsWith('[') || /\.json$/i.test(fileName) ? parseJson(text, fileName) : parseYaml(text, fileName);
  checkTreeSize(doc, fileName);
  return doc;
}

/** Refuses a document whose tree (aliases expanded) has more values than the budget. */
export function checkTreeSize(doc: unknown, fileName: string, budget: number = IMPORT_LIMITS.documentNodes): void {
  let left = budget;
  const stack: unknown[] = [doc];
  while (stack.length) {
    const v = stack.pop();
    if (--left < 0) throw refuse('{name} is too large or refers to itself too often (more than {max} values); split it into smaller files', { name: fileName, max: budget });
    if (v && typeof v === 'object') {
      if (Array.isArray(v)) for (const x of v) stack.push(x);
      else for (const k in v as Record<string, unknown>) stack.push((v as Record<string, unknown>)[k]);
    }
  }
}
